/**
 * The local inbox: MailDev, a real SMTP server with a web inbox, where every e-mail the local
 * stack sends arrives (whatever the recipient). `npm start` and the tests start it.
 */
import { mkdirSync } from 'node:fs';
import { MailDev } from 'maildev';

export interface Inbox {
  /** The web inbox, and MailDev's REST API under /api. */
  url: string;
  smtp: { host: string; port: number };
  stop: () => Promise<void>;
}

/** One e-mail as MailDev's REST API gives it. */
export interface ReceivedMail {
  id: string;
  subject: string;
  from: Array<{ address: string; name: string }>;
  to: Array<{ address: string; name: string }>;
  headers: Record<string, string>;
  text?: string;
  html?: string;
}

export async function startInbox({ host, smtpPort, webPort, mailDirectory }: { host: string; smtpPort: number; webPort: number; mailDirectory: string }): Promise<Inbox> {
  mkdirSync(mailDirectory, { recursive: true });
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: host, webIp: host, mailDirectory, silent: true });
  await maildev.start();
  return { url: `http://${host}:${webPort}`, smtp: { host, port: smtpPort }, stop: () => maildev.stop() };
}

/** Every e-mail in the inbox at `url`, oldest first. */
export async function receivedMail(url: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${url}/api/email?sort=asc`);
  if (!response.ok) throw new Error(`The inbox at ${url} answered ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}
