/**
 * What every parent's e-mail shares, whatever it is about: the greeting, a link to the portal's
 * screen, the one-click unsubscribe link of its kind (a signed token, see unsubscribeToken.ts) and
 * the List-Unsubscribe headers, in the association's frame (mailBody.ts), as a document of the
 * `mail` collection.
 */
import type { ParentMailKind } from '@family-portal/contract';
import type { PushMessage } from '../push/pushMessage';
import { PARENT_MAIL_TEXTS } from './parentMailTexts';
import { mailBody, type MailBlock, type MailLanguage } from './mailBody';
import type { ParentMailSettings } from './parentMailSettings';
import { unsubscribeToken } from './unsubscribeToken';

/** Who the e-mail is for: the account (its uid names the document), the address, the name in the greeting. */
export interface ParentRecipient {
  uid: string;
  email: string;
  name: string;
  language: MailLanguage;
}

/** An inline attachment in the Trigger Email extension's (nodemailer's) form. */
export interface MailAttachment {
  filename: string;
  content: string;
  encoding: string;
  contentType: string;
  cid: string;
}

export interface ParentMailContent {
  subject: string;
  /** What the e-mail says, between the greeting and the link to the screen. */
  blocks: MailBlock[];
  /** The portal's screen it is about: a path of the app, and the link's label. */
  screen: { path: string; label: string };
  attachments?: MailAttachment[];
  /** Why the parent gets it, before the unsubscribe link, where it is not "because you turned it on". */
  unsubscribeNote?: string;
  /** What the parent's devices show of it (push/pushTexts.ts), and where a tap leads when not the e-mail's screen. */
  push: { title: string; body: string; path?: string };
}

/** Header lines carry no line breaks: office text in a subject stays on one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The `mail` document of one parent's e-mail of this kind. */
export function parentMailDocument(kind: ParentMailKind, to: ParentRecipient, settings: ParentMailSettings, content: ParentMailContent) {
  const t = PARENT_MAIL_TEXTS[to.language];
  const screen = new URL(content.screen.path, settings.appOrigin).href;
  const token = unsubscribeToken({ uid: to.uid, kind }, settings.linkKey);
  // The link in the text opens the page with its button: mail scanners open links, and opening changes nothing.
  const unsubscribe = new URL(`/unsubscribe?token=${token}`, settings.appOrigin).href;
  const oneClick = `${settings.functionsBaseUrl}/unsubscribeOneClick?token=${token}`;
  const blocks: MailBlock[] = [
    { text: t.greeting(to.name) },
    ...content.blocks,
    { link: content.screen.label, href: screen },
    { link: t.unsubscribeLink, href: unsubscribe, before: content.unsubscribeNote ?? t.unsubscribe, muted: true },
  ];
  const body = mailBody(blocks, { association: settings.association, appOrigin: settings.appOrigin, language: to.language });
  const tapped = new URL(content.push.path ?? content.screen.path, settings.appOrigin);
  const path = `${tapped.pathname}${tapped.search}`;
  const push: PushMessage = { kind, language: to.language, title: oneLine(content.push.title), body: oneLine(content.push.body), path, tag: `${kind}:${path}` };
  return {
    to: to.email,
    // Whose e-mail it is: deleted with the account (members/accountData.ts).
    uid: to.uid,
    message: { subject: oneLine(content.subject), ...body, ...(content.attachments ? { attachments: content.attachments } : {}) },
    // Mail programs offer their own "unsubscribe" and post to it without opening a page (RFC 8058).
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    // Read by the push trigger, ignored by the e-mail extension.
    push,
  };
}

export type ParentMailDocument = ReturnType<typeof parentMailDocument>;
