/**
 * A notice's body as pieces of text and links: the office writes plain text, and an http(s)
 * address in it becomes a link. Nothing else is interpreted (no HTML, no other schemes), and the
 * screens render the pieces as React text, so the office's text is always escaped.
 */
export type BodyPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// An address runs to the next space or angle bracket; trailing punctuation belongs to the sentence.
const URL = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'")\]}]+$/;

/** The body's text split into plain pieces and the http(s) addresses in it. */
export function linkify(body: string): BodyPiece[] {
  const pieces: BodyPiece[] = [];
  let at = 0;
  for (const match of body.matchAll(URL)) {
    let address = match[0];
    // A closing bracket the address opened stays with it ("(see https://x.org/a_(b))").
    const trailing = TRAILING.exec(address)?.[0] ?? '';
    let kept = trailing;
    while (kept.startsWith(')') && count(address.slice(0, address.length - kept.length), '(') > count(address.slice(0, address.length - kept.length), ')')) kept = kept.slice(1);
    address = address.slice(0, address.length - kept.length);
    const href = safeHref(address);
    if (!href) continue;
    const start = match.index;
    if (start > at) pieces.push({ kind: 'text', text: body.slice(at, start) });
    pieces.push({ kind: 'link', text: address, href });
    at = start + address.length;
  }
  if (at < body.length) pieces.push({ kind: 'text', text: body.slice(at) });
  return merged(pieces);
}

const count = (text: string, character: string) => text.split(character).length - 1;

/** The address as the browser will follow it, only if it is http(s) with a host. */
function safeHref(address: string): string | null {
  try {
    const url = new globalThis.URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/** Adjacent text pieces as one (a refused address stays text beside its neighbours). */
function merged(pieces: BodyPiece[]): BodyPiece[] {
  const out: BodyPiece[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (piece.kind === 'text' && last?.kind === 'text') last.text += piece.text;
    else out.push({ ...piece });
  }
  return out;
}
