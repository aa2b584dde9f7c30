/**
 * What every e-mail of the portal is made of, written once as plain text and once as HTML from
 * the same blocks, so that both say the same and every value goes into the HTML escaped.
 */
import { MAIL_LANGUAGES } from '@family-portal/contract';

export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** The Intl locale of each language, as the web app formats it. */
export const MAIL_LOCALES: Record<MailLanguage, string> = { en: 'en-GB', de: 'de-DE', ru: 'ru-RU' };

export const isMailLanguage = (value: string): value is MailLanguage => (MAIL_LANGUAGES as readonly string[]).includes(value);

export type MailBlock =
  /** A paragraph; muted: the small print at the end. */
  | { text: string; muted?: boolean }
  /** A titled list, left out when empty. */
  | { title: string; items: string[] }
  /** Label and value per row, left out when empty. */
  | { rows: Array<[string, string]> }
  /** A link: "label: href" in the text; `before` instead leads the link as a sentence. */
  | { link: string; href: string; before?: string; muted?: boolean };

/** Text from the office's data or a parent's input goes into an e-mail's HTML only escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const paragraph = (html: string, muted?: boolean) => `<p${muted ? ' style="color:#64748b"' : ''}>${html}</p>`;

function asText(block: MailBlock): string | null {
  if ('text' in block) return block.text;
  if ('items' in block) return block.items.length > 0 ? `${block.title}:\n${block.items.map((item) => `- ${item}`).join('\n')}` : null;
  if ('rows' in block) return block.rows.length > 0 ? block.rows.map(([label, value]) => `${label}: ${value}`).join('\n') : null;
  return block.before ? `${block.before} ${block.href}` : `${block.link}: ${block.href}`;
}

function asHtml(block: MailBlock): string | null {
  if ('text' in block) return paragraph(escapeHtml(block.text), block.muted);
  if ('items' in block) {
    return block.items.length > 0 ? `<p><strong>${escapeHtml(block.title)}</strong></p><ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : null;
  }
  if ('rows' in block) {
    return block.rows.length > 0 ? `<table>${block.rows.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`).join('')}</table>` : null;
  }
  const anchor = `<a href="${escapeHtml(block.href)}">${escapeHtml(block.link)}</a>`;
  return paragraph(block.before ? `${escapeHtml(block.before)} ${anchor}` : anchor, block.muted);
}

/** The e-mail's body as text (blocks a blank line apart) and as HTML. */
export function mailBody(blocks: MailBlock[]): { text: string; html: string } {
  const present = <T,>(parts: Array<T | null>) => parts.filter((part): part is T => part !== null);
  return { text: present(blocks.map(asText)).join('\n\n'), html: present(blocks.map(asHtml)).join('\n') };
}
