/**
 * The portal's e-mails as a mail program shows them: each kind in en, de and ru, made
 * by the functions' own code and rendered in Chromium at a phone's 360 px and a desktop's
 * 1024 px. Nothing sticks out (the layout guard); the payment-due e-mail's inline QR code decodes
 * to the portal's EPC payload; the text part says what the HTML says.
 */
import { execFileSync } from 'node:child_process';
import { epcPayload } from '@family-portal/contract/epc';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { findLayoutProblems } from './support/layout';
import type { Rendered, RenderedMails } from './support/renderMails';

const LANGUAGES = ['en', 'de', 'ru'] as const;

// Made by the functions' own code, in a process of its own (see renderMails.ts), once per worker.
let made: RenderedMails['made'];
let mails: RenderedMails['mails'];
test.beforeAll(() => {
  ({ made, mails } = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'tests/e2e/support/renderMails.ts'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as RenderedMails);
});

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
    expect(mails[language].parents.map(({ kind }) => kind)).toEqual([
      'paymentDue',
      'paymentReceived',
      'cancellationConfirmed',
      'bookingDecided (confirmed)',
      'bookingDecided (declined)',
      'notices',
      'lessonCancelled',
    ]);
    for (const { kind, mail } of mails[language].parents) {
      await show(page, mail);
      await expectFitsEverywhere(page, `${kind} (${language})`);
      await expectSameWords(page, mail.text);
      // The association at the top, its address, imprint and privacy notice at the end.
      await expect(page.locator('body')).toContainText(made.association.name);
      await expect(page.locator('body')).toContainText('12345 Musterstadt');
      await expect(page.locator(`a[href="${made.appOrigin}/imprint"]`)).toBeVisible();
      await expect(page.locator(`a[href="${made.appOrigin}/privacy"]`)).toBeVisible();
      if (kind !== 'paymentDue') {
        await expect(page.locator('img')).toHaveCount(0);
        continue;
      }
      // The IBAN in groups of four, as on the portal, and the code a banking app reads.
      await expect(page.locator('body')).toContainText('DE89 3704 0044 0532 0130 00');
      const png = PNG.sync.read(await page.locator('img').screenshot());
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
      expect(decoded).toBe(epcPayload({ recipientName: made.association.name, iban: made.iban, bic: made.bic, amount: 1234.5, reference: made.parentName }));
    }
  });

  test(`the invitation and the office's alert in ${language}: read on a phone and a desktop, the text part says the same`, async ({ page }) => {
    const { invitation, alert } = mails[language];
    await show(page, invitation);
    await expectFitsEverywhere(page, `invitation (${language})`);
    await expectSameWords(page, invitation.text);

    await show(page, alert);
    await expectFitsEverywhere(page, `office alert (${language})`);
    await expectSameWords(page, alert.text);
  });
}
