/**
 * The dashboard as each demo parent sees it, in en, de and ru, on desktop and phone, checked
 * against the family's synced documents; the SEPA QR code is decoded and compared, in light and
 * in dark mode.
 */
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { epcPayload } from '@family-portal/contract/epc';
import { formatMoney } from '../../src/domain/money';
import { formatInstant } from '../../src/domain/freshness';
import { intlLocales } from '../../src/domain/locales';
import { DEMO, documentsWhere, firestoreDocument } from './support/emulators';
import { firestoreDatabases } from './support/firestoreCache';
import { openAs, switchLanguage, texts, type Language } from './support/signIn';

// The app's own texts, so that the assertions follow the translations.
const [en, de, ru] = [texts('en'), texts('de'), texts('ru')];

const LOCALES = { en: { texts: en, intl: intlLocales.en }, de: { texts: de, intl: intlLocales.de }, ru: { texts: ru, intl: intlLocales.ru } } as const;

/**
 * Each family's visit starts in one language and switches to the other two on the page, as a
 * parent does with the header's select: one page load per family instead of one per language
 * (docs/testing.md, "One visit, several checks"). The first language differs between the two, so
 * a page that starts in English and one that starts in Russian are both loaded.
 */
const FAMILIES = [
  { email: DEMO.owing, memberId: 'M0001', otherMemberId: 'M0002', status: 'paymentRequired', languages: ['en', 'ru', 'de'] },
  { email: DEMO.credit, memberId: 'M0002', otherMemberId: 'M0001', status: 'credit', languages: ['ru', 'de', 'en'] },
] as const;

type Family = (typeof FAMILIES)[number];
type Doc = Record<string, any>;

/** What the dashboard should show of the family, from its synced documents: read once per visit. */
async function expected(family: Family) {
  const [own] = (await documentsWhere('members', 'primaryEmail', family.email)) as Doc[];
  const [other] = (await documentsWhere('members', 'primaryEmail', family.email === DEMO.owing ? DEMO.credit : DEMO.owing)) as Doc[];
  const payments = (await documentsWhere('payments', 'memberId', family.memberId)) as Doc[];
  const deposits = (await documentsWhere('otherPayments', 'memberId', family.memberId)) as Doc[];
  const freshness = await firestoreDocument('sync_metadata/public');
  return {
    own: own!,
    other: other!,
    newestPayments: payments.sort((a, b) => b.date.localeCompare(a.date)).slice(0, 3).map((p) => p.id as string),
    activeDeposits: deposits.filter((d) => d.type === 'Bücherkaution' && d.status === 'active').sort((a, b) => b.date.localeCompare(a.date)).slice(0, 3).map((d) => d.id as string),
    children: (await documentsWhere('children', 'memberId', family.memberId)) as Doc[],
    lastSuccessfulSyncAt: String(freshness?.lastSuccessfulSyncAt),
    otherPayments: (await documentsWhere('payments', 'memberId', family.otherMemberId)).map((p) => p.id),
  };
}

/** What the family's dashboard shows in `language`, against its synced documents, and nothing of the other family. */
async function expectDashboard(page: Page, family: Family, language: Language, facts: Awaited<ReturnType<typeof expected>>) {
  const { texts, intl } = LOCALES[language];
  const { own, other } = facts;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.dashboard.welcome.replace('{{name}}', own.primaryName));
  const finance = page.getByRole('region', { name: texts.finance.title });
  await expect(finance.getByText(texts.finance[family.status], { exact: true })).toBeVisible();
  await expect(finance.getByText(formatMoney(own.balance, intl), { exact: true }).first()).toBeVisible();
  await expect(finance.getByText(formatMoney(own.childrenBalance, intl), { exact: true }).first()).toBeVisible();

  // The three newest payments, linked to their entries.
  const recent = page.getByRole('region', { name: texts.transactions.recentTitle });
  const hrefs = await recent.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.filter((href) => href?.startsWith('/transactions?'))).toEqual(facts.newestPayments.map((id) => `/transactions?transaction=${id}`));

  // The newest active book deposits.
  const depositCard = page.getByRole('region', { name: texts.deposits.title });
  const depositHrefs = await depositCard.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(depositHrefs.filter((href) => href?.startsWith('/book-deposits?'))).toEqual(facts.activeDeposits.map((id) => `/book-deposits?deposit=${id}`));

  // The current quarter's courses of each child.
  const courses = page.getByRole('region', { name: texts.enrolments.title });
  for (const child of facts.children) await expect(courses.getByRole('link', { name: child.name })).toBeVisible();

  // How recent the figures are: the start of the last successful sync, on the school's clock.
  const when = formatInstant(facts.lastSuccessfulSyncAt, intl, 'Europe/Berlin');
  await expect(page.getByText(texts.freshness.asOf.replace('{{when}}', when), { exact: true })).toBeVisible();

  // The payment block with its QR code for the family that owes, none for the one in credit.
  if (family.status === 'credit') {
    await expect(page.getByText(texts.sepa.title)).toHaveCount(0);
    await expect(page.getByTestId('sepa-qr')).toHaveCount(0);
  } else {
    await expect(page.getByTestId('sepa-qr')).toBeVisible();
  }

  // Nothing of the other family.
  await expect(page.getByText(other.primaryName)).toHaveCount(0);
  for (const href of hrefs) expect(facts.otherPayments.map((id) => `/transactions?transaction=${id}`)).not.toContain(href);
}

for (const family of FAMILIES) {
  test(`${family.email} sees the family's dashboard in ${family.languages.join(', ')}, and nothing of the other family`, async ({ page }) => {
    const facts = await expected(family);
    expect(facts.own.id).toBe(family.memberId);
    const [first, ...then] = family.languages;
    await openAs(page, family.email, '/', { language: first });
    await expectDashboard(page, family, first, facts);
    for (const language of then) {
      await switchLanguage(page, language);
      await expectDashboard(page, family, language, facts);
    }
    if (family.status === 'paymentRequired') await expectPaymentAndDeepLinks(page, facts.own);
    // The projects' memory cache is in place (playwright.config.ts): Firestore wrote no database.
    expect(await firestoreDatabases(page)).toEqual([]);
  });
}

/** The owing parent, in German: the EPC QR code pays the balance, and the deep links lead to the entries. */
async function expectPaymentAndDeepLinks(page: Page, own: Doc) {
  const qr = page.getByTestId('sepa-qr');
  await expect(qr).toHaveAttribute('alt', /SEPA-Überweisung/);
  const png = PNG.sync.read(await qr.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  const expected = epcPayload({ recipientName: 'Schulverein Lindenhof e.V.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', amount: Math.abs(own.balance), reference: 'Anna Müller' });
  expect(decoded?.data).toBe(expected);
  expect(expected.split('\n').at(-1)).toBe('Anna Müller');

  await page.getByRole('region', { name: de.transactions.recentTitle }).getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/\/transactions\?transaction=P0001-\d{3}$/);
  await page.goBack();
  await page.getByRole('region', { name: de.deposits.title }).getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/\/book-deposits\?deposit=OP0001-\d$/);
}

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the page is dark and the QR code stays dark on light, so banking apps can scan it', async ({ page }) => {
    const [own] = (await documentsWhere('members', 'primaryEmail', DEMO.owing)) as Array<Record<string, any>>;
    await openAs(page, DEMO.owing);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // A dark page: the body's background, drawn into a canvas, has a low luminance.
    const luminance = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('2d')!;
      context.fillStyle = getComputedStyle(document.body).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
    });
    expect(luminance).toBeLessThan(0.2);

    const qr = page.getByTestId('sepa-qr');
    const png = PNG.sync.read(await qr.screenshot());
    // The quiet zone (the top middle of the image, clear of the rounded corners) is light, and
    // the code decodes.
    const quietZone = (Math.floor(png.height * 0.05) * png.width + Math.floor(png.width / 2)) * 4;
    expect([...png.data.subarray(quietZone, quietZone + 3)].every((channel) => channel > 230)).toBe(true);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(epcPayload({ recipientName: 'Schulverein Lindenhof e.V.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', amount: Math.abs(own!.balance), reference: 'Anna Müller' }));
  });
});
