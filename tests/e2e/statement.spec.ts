/**
 * The yearly statement: the owing demo parent downloads it from the transactions page
 * in en, de and ru, and its text (poppler's pdftotext) is checked against the family's payments
 * in Firestore: every payment of the year with date, type, direction, amount and what it was used
 * for, the totals received and refunded, and the membership fees on a line of their own. The
 * fonts must be embedded (pdffonts), so that Cyrillic prints as letters, not boxes. All on
 * the production build, whose hosting CSP every download must pass without a console error.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, documentsWhere, firestoreDocument } from './support/emulators';
import { builtChunks, watchForProblems } from './support/hosting';
import { LANGUAGES, openOrSwitch, texts, type Language } from './support/signIn';

type Doc = Record<string, any>;
const LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE', ru: 'ru-RU' };
/** The demo build's association (src/lib/config.ts): the SEPA recipient. */
const ASSOCIATION = 'Schulverein Lindenhof e.V.';

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
/** pdftotext keeps no-break spaces; Intl uses them inside amounts. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const words = (text: string) => spaced(text).split(/\s+/).filter(Boolean);

function formats(language: Language) {
  const locale = LOCALES[language];
  const currency = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  return {
    money: (amount: number) => spaced(currency.format(Math.round(amount * 100) / 100 + 0)),
    day: (day: string) => date.format(new Date(`${day}T12:00:00Z`)),
  };
}

async function family() {
  const member = (await firestoreDocument('members/M0001')) as Doc;
  const payments = (await documentsWhere('payments', 'memberId', 'M0001')) as Doc[];
  return { member, payments };
}

/** Clicks "Download statement <year>" and returns the PDF's name and its text, line by line. */
async function downloadStatement(page: Page, language: Language, year: number, testId: string) {
  const t = texts(language);
  const button = page.getByRole('button', { name: fill(t.statement.download, { year }) });
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = test.info().outputPath(`${testId}-${year}.pdf`);
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
  await expect(button).toBeEnabled();
  return { fileName: download.suggestedFilename(), lines: spaced(text).split('\n'), text: spaced(text), fonts };
}

function expectStatement(language: Language, year: number, member: Doc, all: Doc[], pdf: { fileName: string; lines: string[]; text: string; fonts: string }) {
  const t = texts(language);
  const { money, day } = formats(language);
  const payments = all.filter((p) => String(p.date).startsWith(String(year))).sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  expect(payments.length, `the demo family has payments in ${year}`).toBeGreaterThan(0);

  expect(pdf.fileName).toBe(fill(t.statement.fileName, { year }));
  // Every font is embedded (a subset of Roboto), none of the 14 standard fonts without Cyrillic.
  const fontRows = pdf.fonts.split('\n').slice(2).filter((line) => line.trim());
  expect(fontRows.length).toBeGreaterThan(0);
  for (const row of fontRows) expect(row).toMatch(/Roboto.*\byes\b/);

  expect(pdf.text).toContain(ASSOCIATION);
  expect(pdf.text).toContain(fill(t.statement.title, { year }));
  const familyName = member.secondaryName ? `${member.primaryName} & ${member.secondaryName}` : member.primaryName;
  expect(pdf.text).toContain(`${t.statement.family}: ${familyName}`);
  expect(pdf.text).toContain(`${t.statement.memberNumber}: M0001`);
  if (member.address) expect(pdf.text).toContain(`${t.statement.address}: ${member.address}`);

  // The rows: each starts with its date in the first column; a cell may wrap onto the lines below
  // it, up to the next row's date or the totals.
  const dateAtStart = /^\s{0,12}\d{2}[./]\d{2}[./]\d{4}\s/;
  const rowStarts = pdf.lines.map((line, index) => (dateAtStart.test(line) ? index : -1)).filter((index) => index >= 0);
  expect(rowStarts.map((index) => pdf.lines[index]!.trim().slice(0, 10))).toEqual(payments.map((p) => day(p.date)));
  const receivedLabel = fill(t.statement.received, { year });
  const end = pdf.lines.findIndex((line) => line.includes(receivedLabel));
  payments.forEach((payment, i) => {
    const band = pdf.lines.slice(rowStarts[i], rowStarts[i + 1] ?? end).join(' ');
    const incoming = payment.direction === 'IN';
    const expected = [
      `${incoming ? '+' : '-'}${money(Math.abs(payment.amount))}`,
      ...words(String(payment.comment ?? '').trim() || t.transactions.noComment),
      ...words(t.transactions.type[payment.type as keyof typeof t.transactions.type] ?? payment.type),
      ...words(incoming ? t.transactions.in : t.transactions.out),
    ];
    const shares: Array<[keyof typeof t.transactions.share, number]> = [
      ['plans', payment.planShares],
      ['membership', payment.membershipShares],
      ['otherPayments', payment.otherPaymentsShare],
      ['credit', payment.balance],
    ];
    for (const [kind, amount] of shares) if (amount > 0.01) expected.push(...words(t.transactions.share[kind]), money(amount));
    for (const piece of expected) expect(band, `payment ${payment.id} of ${payment.date}`).toContain(piece);
  });

  const sum = (list: Doc[], field: string) => list.reduce((total, p) => total + Math.round(Math.abs(p[field] as number) * 100), 0) / 100;
  const incoming = payments.filter((p) => p.direction === 'IN');
  const outgoing = payments.filter((p) => p.direction === 'OUT');
  const membership = sum(incoming, 'membershipShares') - sum(outgoing, 'membershipShares');
  const totals: Array<[string, number]> = [
    [receivedLabel, sum(incoming, 'amount')],
    [fill(t.statement.refunded, { year }), sum(outgoing, 'amount')],
    [fill(t.statement.membershipFees, { year }), membership],
  ];
  for (const [label, amount] of totals) {
    const line = pdf.lines.find((candidate) => candidate.includes(label));
    expect(line, label).toBeDefined();
    // The figure is on the label's own line.
    expect(line!.slice(line!.indexOf(label) + label.length).trim()).toBe(money(amount));
  }
  return { membership };
}

// Sign-in, up to six downloads and six pdftotext runs: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/**
 * One visit: the parent downloads the statements in one language, chooses the next one in the
 * header and downloads them again (docs/testing.md, "One visit, several checks").
 */
test("statement in en, de and ru: the PDF lists the year's payments, totals and membership fees", async ({ page }, testInfo) => {
  // The production build with the hosting CSP enforced: pdfmake's fonts and the save dialog
  // must pass it without a violation or a console error.
  const problems = await watchForProblems(page);
  const { member, payments } = await family();
  const years = [...new Set(payments.map((p) => Number(String(p.date).slice(0, 4))))].sort((a, b) => b - a);
  // The page preselects the current year; the newest year with a membership fee is picked too.
  const currentYear = new Date().getFullYear();
  const feeYear = years.find((year) => payments.some((p) => p.date.startsWith(String(year)) && p.membershipShares > 0.01));
  expect(years).toContain(currentYear);
  expect(feeYear).toBeDefined();

  // The PDF library and its fonts are fetched on the first click, not with the page.
  const pdfCode = builtChunks(/src\/lib\/pdf\.ts$/);
  const pdfRequests: string[] = [];
  page.on('request', (request) => {
    if (pdfCode.some((file) => request.url().endsWith(`/${file}`)) || /Roboto/.test(request.url())) pdfRequests.push(request.url());
  });
  for (const language of LANGUAGES) {
    const t = texts(language);
    const yearFilter = page.getByRole('group', { name: t.transactions.yearFilter });
    const id = `${testInfo.project.name}-${language}`;
    const firstVisit = page.url() === 'about:blank';
    await openOrSwitch(page, DEMO.owing, '/transactions', language);
    // The year the round before ended on, back to this one (the page's own choice on the first visit).
    if (!firstVisit) await yearFilter.getByRole('button', { name: new RegExp(`^${currentYear}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.pages.transactions.title })).toBeVisible();
    await expect(page.getByRole('button', { name: fill(t.statement.download, { year: currentYear }) })).toBeVisible();
    if (firstVisit) expect(pdfRequests).toEqual([]);
    expectStatement(language, currentYear, member, payments, await downloadStatement(page, language, currentYear, id));
    expect(pdfRequests.some((url) => !/Roboto/.test(url))).toBe(true);
    expect(pdfRequests.some((url) => /Roboto-Regular/.test(url))).toBe(true);

    if (feeYear !== currentYear) {
      await yearFilter.getByRole('button', { name: new RegExp(`^${feeYear}`) }).click();
      const { membership } = expectStatement(language, feeYear!, member, payments, await downloadStatement(page, language, feeYear!, id));
      expect(membership).toBeGreaterThan(0);
    }
  }
  expect(problems).toEqual([]);
});
