/**
 * What every e-mail of the portal is made of, written once as plain text and once as HTML from
 * the same blocks, so that both say the same and every value goes into the HTML escaped. The
 * frame around the blocks names the association at the top and ends with its name, address,
 * imprint and privacy notice; the HTML reads on a phone (system sans-serif, at most 560 px wide,
 * the transfer details in an aligned table).
 */
import type { Association } from '../lib/settingShapes';
import type { MailLanguage } from '../lib/mailLanguage';

export { isMailLanguage, type MailLanguage } from '../lib/mailLanguage';
export type { Association } from '../lib/settingShapes';

/** The Intl locale of each language, as the web app formats it. */
export const MAIL_LOCALES: Record<MailLanguage, string> = { en: 'en-GB', de: 'de-DE', ru: 'ru-RU' };

export type MailBlock =
  /** A paragraph; muted: the small print at the end. */
  | { text: string; muted?: boolean }
  /** The office's plain text: paragraphs at blank lines, line breaks kept, http(s) addresses as links. */
  | { plain: string }
  /** A titled list, left out when empty. */
  | { title: string; items: string[] }
  /** Label and value per row, left out when empty. */
  | { rows: Array<[string, string]> }
  /** A link: "label: href" in the text; `before` leads it as a sentence (in the text on a line of its own). */
  | { link: string; href: string; before?: string; muted?: boolean }
  /** An inline image (a `cid:` attachment) with its caption; the text part has the caption alone. */
  | { image: string; alt: string; size: number; caption: string };

/** Who sends the e-mails: the association (config.ts, associationFromConfig). */

/** Who sends, at the top of every e-mail and in its footer, and in which language. */
export interface MailFrame {
  association: Association;
  /** The app's origin: the imprint and privacy notice are its pages. */
  appOrigin: string;
  language: MailLanguage;
}

const FOOTER: Record<MailLanguage, { imprint: string; privacy: string }> = {
  en: { imprint: 'Imprint', privacy: 'Privacy notice' },
  de: { imprint: 'Impressum', privacy: 'Datenschutz' },
  ru: { imprint: 'Выходные данные', privacy: 'Конфиденциальность' },
};

/** Text from the office's data or a parent's input goes into an e-mail's HTML only escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const MUTED = 'color:#64748b;font-size:14px';
const paragraph = (html: string, muted?: boolean) => `<p style="margin:0 0 16px;${muted ? MUTED : ''}">${html}</p>`;
const anchor = (label: string, href: string) => `<a href="${escapeHtml(href)}" style="color:#0f766e">${escapeHtml(label)}</a>`;

/** An address in the office's text; the punctuation that ends a sentence after it is not part of it. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}»“”’]+$/;

/** One line of the office's text, escaped, its http(s) addresses links (nothing else ever becomes markup). */
function linkedLine(line: string): string {
  let html = '';
  let from = 0;
  for (const match of line.matchAll(ADDRESS)) {
    const href = match[0].replace(TRAILING, '');
    const at = match.index;
    if (!URL.canParse(href)) continue;
    html += escapeHtml(line.slice(from, at)) + `<a href="${escapeHtml(href)}" rel="noopener noreferrer" style="color:#0f766e">${escapeHtml(href)}</a>`;
    from = at + href.length;
  }
  return html + escapeHtml(line.slice(from));
}

/** The office's plain text as HTML paragraphs; a long address breaks rather than widen a phone's screen. */
const plainHtml = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p style="margin:0 0 16px;overflow-wrap:anywhere">${part.split('\n').map(linkedLine).join('<br>')}</p>`)
    .join('\n');

function asText(block: MailBlock): string | null {
  if ('text' in block) return block.text;
  if ('plain' in block) return block.plain.replace(/\r\n?/g, '\n').trim() || null;
  if ('items' in block) return block.items.length > 0 ? `${block.title}:\n${block.items.map((item) => `- ${item}`).join('\n')}` : null;
  if ('rows' in block) return block.rows.length > 0 ? block.rows.map(([label, value]) => `${label}: ${value}`).join('\n') : null;
  if ('image' in block) return block.caption;
  return block.before ? `${block.before}\n${block.link}: ${block.href}` : `${block.link}: ${block.href}`;
}

function asHtml(block: MailBlock): string | null {
  if ('text' in block) return paragraph(escapeHtml(block.text), block.muted);
  if ('plain' in block) return plainHtml(block.plain) || null;
  if ('items' in block) {
    return block.items.length > 0 ? `<p style="margin:0 0 8px"><strong>${escapeHtml(block.title)}</strong></p><ul style="margin:0 0 16px;padding-left:20px">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : null;
  }
  if ('rows' in block) {
    if (block.rows.length === 0) return null;
    const rows = block.rows.map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#475569;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600;overflow-wrap:anywhere">${escapeHtml(value)}</td></tr>`,
    );
    return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows.join('')}</table>`;
  }
  if ('image' in block) {
    const image = `<img src="cid:${escapeHtml(block.image)}" alt="${escapeHtml(block.alt)}" width="${block.size}" height="${block.size}" style="display:block;max-width:100%;height:auto">`;
    return `<div style="margin:0 0 16px">${image}<p style="margin:8px 0 0;${MUTED}">${escapeHtml(block.caption)}</p></div>`;
  }
  return paragraph(block.before ? `${escapeHtml(block.before)} ${anchor(block.link, block.href)}` : anchor(block.link, block.href), block.muted);
}

/** The e-mail's body as text (blocks a blank line apart) and as HTML, in the association's frame. */
export function mailBody(blocks: MailBlock[], frame: MailFrame): { text: string; html: string } {
  const present = <T,>(parts: Array<T | null>) => parts.filter((part): part is T => part !== null);
  const footer = FOOTER[frame.language];
  const imprint = new URL('/imprint', frame.appOrigin).href;
  const privacy = new URL('/privacy', frame.appOrigin).href;
  const address = frame.association.address.split(/\s*\n\s*|\s*;\s*/).filter(Boolean);
  const sender = [frame.association.name, ...address].filter(Boolean);
  const text = [
    ...(frame.association.name ? [frame.association.name] : []),
    ...present(blocks.map(asText)),
    ['--', ...sender, `${footer.imprint}: ${imprint}`, `${footer.privacy}: ${privacy}`].join('\n'),
  ].join('\n\n');
  const html = [
    `<!doctype html><html lang="${frame.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>`,
    '<body style="margin:0;padding:0;background:#ffffff">',
    `<div style="max-width:560px;margin:0 auto;padding:16px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">`,
    ...(frame.association.name ? [`<p style="margin:0 0 20px;font-size:18px;font-weight:600;color:#115e59">${escapeHtml(frame.association.name)}</p>`] : []),
    ...present(blocks.map(asHtml)),
    `<div style="margin-top:24px;padding-top:12px;border-top:1px solid #e2e8f0;${MUTED}">`,
    ...(sender.length > 0 ? [`<p style="margin:0 0 8px">${sender.map(escapeHtml).join('<br>')}</p>`] : []),
    `<p style="margin:0">${anchor(footer.imprint, imprint)} · ${anchor(footer.privacy, privacy)}</p>`,
    '</div></div></body></html>',
  ].join('\n');
  return { text, html };
}
