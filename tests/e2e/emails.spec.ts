/**
 * The portal's e-mails as a mail program shows them (issue 45): each kind in en, de and ru, made
 * by the functions' own code and rendered in Chromium at a phone's 360 px and a desktop's
 * 1024 px. Nothing sticks out (the layout guard); the payment-due e-mail's inline QR code decodes
 * to the portal's EPC payload; the text part says what the HTML says.
 */
import { epcPayload } from '@family-portal/contract/epc';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { createRequire } from 'node:module';
import type { ParentMailSettings, ParentMailSubject } from '../../functions/src/notifications/parentMail';
import { findLayoutProblems } from './support/layout';

// The functions are a CommonJS package: their modules load with require, typed as they are.
const require = createRequire(import.meta.url);
const { parentMail } = require('../../functions/src/notifications/parentMail') as typeof import('../../functions/src/notifications/parentMail');
const { officeMail } = require('../../functions/src/notifications/officeAlerts') as typeof import('../../functions/src/notifications/officeAlerts');
const { invitationMail } = require('../../functions/src/office/invitationMail') as typeof import('../../functions/src/office/invitationMail');

const LANGUAGES = ['en', 'de', 'ru'] as const;
const association = { name: 'Schulverein Lindenhof e.V.', address: 'Lindenstraße 1; 12345 Musterstadt' };
const settings: ParentMailSettings = {
  appOrigin: 'https://portal.lindenhof.example',
  functionsBaseUrl: 'https://europe-west1-lindenhof.cloudfunctions.net',
  linkKey: 'link-key',
  sepa: { recipient: association.name, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  timeZone: 'Europe/Berlin',
  association,
};
const parent = { uid: 'uid-anna', email: 'anna.mueller@example.com', name: 'Anna-Katharina Müller-Lüdenscheidt' };
const KINDS: ParentMailSubject[] = [
  { kind: 'paymentDue', amount: 1234.5 },
  { kind: 'paymentReceived', amount: 80, date: '2026-11-20', paymentId: 'P-2026-0042' },
  { kind: 'cancellationConfirmed', date: '2026-11-26T10:00:00.000Z' },
];

interface Rendered {
  html: string;
  text: string;
  attachments?: Array<{ cid: string; content: string }>;
}

/** The HTML as a mail program shows it: inline attachments in place of their `cid:` addresses. */
async function show(page: Page, mail: Rendered) {
  let html = mail.html;
  for (const attachment of mail.attachments ?? []) html = html.replaceAll(`cid:${attachment.cid}`, `data:image/png;base64,${attachment.content}`);
  await page.setContent(html);
  await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode())));
}

/** The words of a text, without punctuation and case: what the text part and the HTML must share. */
const words = (text: string) => new Set(text.split(/\s+/).map((word) => word.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '').toLowerCase()).filter(Boolean));

async function expectSameWords(page: Page, text: string) {
  // The HTML says its links' labels and, behind them, their addresses: the text part gives both.
  const shown = await page.evaluate(() => `${document.body.innerText} ${[...document.links].map((link) => link.href).join(' ')}`);
  expect([...words(shown)].sort()).toEqual([...words(text)].sort());
}

async function expectFitsEverywhere(page: Page, what: string) {
  for (const width of [360, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await findLayoutProblems(page), `${what} at ${width} px`).toEqual([]);
  }
}

for (const language of LANGUAGES) {
  test(`the parents' e-mails in ${language}: read on a phone and a desktop, the text part says the same, the QR code pays`, async ({ page }) => {
    for (const about of KINDS) {
      const mail = await parentMail(about, { ...parent, language }, settings);
      await show(page, mail.message);
      await expectFitsEverywhere(page, `${about.kind} (${language})`);
      await expectSameWords(page, mail.message.text);
      // The association at the top, its address, imprint and privacy notice at the end.
      await expect(page.locator('body')).toContainText(association.name);
      await expect(page.locator('body')).toContainText('12345 Musterstadt');
      await expect(page.locator('a[href="https://portal.lindenhof.example/imprint"]')).toBeVisible();
      await expect(page.locator('a[href="https://portal.lindenhof.example/privacy"]')).toBeVisible();
      if (about.kind !== 'paymentDue') {
        await expect(page.locator('img')).toHaveCount(0);
        continue;
      }
      // The IBAN in groups of four, as on the portal, and the code a banking app reads.
      await expect(page.locator('body')).toContainText('DE89 3704 0044 0532 0130 00');
      const png = PNG.sync.read(await page.locator('img').screenshot());
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
      expect(decoded).toBe(epcPayload({ recipientName: association.name, iban: settings.sepa.iban, bic: settings.sepa.bic, amount: 1234.5, reference: parent.name }));
    }
  });

  test(`the invitation and the office's alert in ${language}: read on a phone and a desktop, the text part says the same`, async ({ page }) => {
    const invitation = invitationMail({ name: parent.name, email: parent.email }, { appOrigin: settings.appOrigin, association }, language);
    await show(page, invitation);
    await expectFitsEverywhere(page, `invitation (${language})`);
    await expectSameWords(page, invitation.text);

    const alert = officeMail(
      'error',
      { status: 'error', syncType: 'full', startedAt: '2026-11-26T01:00:00.000Z', error: 'AppSheet answered 503 for the table Payments three times' },
      { language, timeZone: settings.timeZone, consoleUrl: `${settings.appOrigin}/admin`, association },
    );
    await show(page, alert);
    await expectFitsEverywhere(page, `office alert (${language})`);
    await expectSameWords(page, alert.text);
  });
}
