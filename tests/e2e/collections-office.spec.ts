/**
 * The office's Direct debit tab on the demo stack (desktop): the demo family that pays by direct
 * debit, made to owe money, and the demo families that owe and have a mandate are listed with
 * their amounts; a date too soon is refused with the first possible one; every family but the
 * parent's and one other is left out, and the run is announced (the parent's pre-notification
 * arrives); the other family is taken out again, the bank's file is created and downloaded (one
 * transaction, the parent's mandate) and downloaded again the same, and the bank's return is
 * recorded. axe on the tab and its dialogs, and the tab at every width from 320 px. The demo data
 * is put back afterwards (support/collections.ts), the debits and the run deleted.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { previousBusinessDay } from '@family-portal/contract/collectionDates';
import { formatWeekday } from '../../src/domain/dates';
import { formatMoney } from '../../src/domain/money';
import { defaultPurpose } from '../../src/domain/collections';
import { expectNoAxeViolations } from './support/axe';
import { debitRows, forgetLimits, office, OFFICE_SCOPES, owingFamily, restoreFamily, type CollectedFamily } from './support/collections';
import { DEMO, documentsWhere, FIRESTORE, inboxOf, owner, PROJECT } from './support/emulators';
import { LayoutGuard } from './support/layout';
import { schoolToday } from './support/lessonDates';
import { openAs, texts } from './support/signIn';

// Two full syncs (the family made to owe, then put back), a run through AppSheet, e-mail, two downloads.
test.setTimeout(180_000);

const en = texts('en');
const c = en.admin.collections;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
const euros = (cents: number) => formatMoney(cents / 100, 'en-GB');
const day = (date: string) => formatWeekday(date, 'en-GB');
const PRE_NOTIFICATION_SUBJECTS = ['Announcement of your SEPA direct debit', 'Vorabankündigung Ihrer SEPA-Lastschrift', 'Уведомление о предстоящем списании SEPA'];

let parent: CollectedFamily | null = null;
/** The other family collected and taken out again. */
let other: string | null = null;

async function deleteDocument(path: string) {
  const response = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/${path}`, { method: 'DELETE', headers: owner });
  expect(response.ok, `deleting ${path}`).toBe(true);
}

/**
 * The families' debits gone from AppSheet and from Firestore, and their runs. Firestore's copies
 * are deleted here, not left to the sync: a Direct Debits table emptied in AppSheet is one whose
 * deletions a full sync holds back (an empty answer is more likely a fault than a wiped table).
 */
async function forgetDebits(memberIds: string[]) {
  const runIds = new Set<string>();
  for (const memberId of memberIds) {
    const rows = await debitRows(memberId);
    for (const row of rows) runIds.add(row['Run ID']!);
    if (rows.length > 0) {
      const response = await fetch('http://127.0.0.1:8787/api/v2/apps/demo-app/tables/Direct%20Debits/Action', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ApplicationAccessKey: 'demo-access-key' },
        body: JSON.stringify({ Action: 'Delete', Properties: { Locale: 'de-DE' }, Rows: rows.map((row) => ({ 'End To End ID': row['End To End ID'] })) }),
      });
      expect(response.ok, `deleting the Direct Debits rows of ${memberId}`).toBe(true);
    }
    for (const debit of await documentsWhere('debits', 'memberId', memberId)) {
      runIds.add(String(debit.runId));
      await deleteDocument(`debits/${debit.id}`);
    }
  }
  for (const runId of runIds) await deleteDocument(`collection_runs/${runId}`);
}

// After each run (--repeat-each too): the next one must find the family as the demo has it.
test.afterEach(async () => {
  await forgetDebits([parent?.memberId, other].filter((id): id is string => Boolean(id)));
  // Its balances and mandate as they were, and a full sync that finds all as before.
  if (parent) await restoreFamily(parent);
  parent = null;
  other = null;
});

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; xml: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { download, xml: readFileSync(await download.path(), 'utf8') };
}

/** The debits table's row of one family. */
const debitRow = (table: Locator, memberId: string) => table.getByRole('row').filter({ hasText: memberId });

test('the office announces a collection run, takes a family out, creates the bank file and records a return', async ({ page }) => {
  await forgetLimits(DEMO.admin, [...OFFICE_SCOPES, 'removeFromCollection']);
  // Whatever a broken earlier run left of the parent's debits, gone before the family owes.
  await forgetDebits([(await documentsWhere('members', 'primaryEmail', DEMO.credit))[0]!.id]);
  parent = await owingFamily(DEMO.credit, '87,50');
  const { memberId, mandateReference, ibanMasked } = parent;
  const earliest = await office.earliestDate();
  const mailsBefore = (await inboxOf(DEMO.credit)).length;

  await openAs(page, DEMO.admin, '/admin');
  await page.getByRole('navigation', { name: en.admin.tabs.label }).getByRole('link', { name: c.tab }).click();
  await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
  const newRun = page.getByRole('region', { name: c.newRun.title });
  const families = newRun.getByRole('table', { name: c.families.title });
  // The functions may start cold in the emulator.
  const parentRow = families.getByRole('row').filter({ hasText: memberId });
  await expect(parentRow).toContainText(`Olga Petrova${memberId}${euros(8750)}${ibanMasked}${mandateReference}`, { timeout: 30_000 });
  await expect(newRun.getByLabel(c.date.label)).toHaveValue(earliest);
  await expect(newRun.getByLabel(c.purpose.label)).toHaveValue(defaultPurpose(earliest));

  // A date too soon: said with the first possible one, which a button takes.
  await newRun.getByLabel(c.date.label).fill(schoolToday());
  await expect(newRun.getByRole('alert')).toContainText(fill(c.date.tooSoon, { days: 14, date: day(earliest) }));
  await newRun.getByRole('button', { name: fill(c.date.use, { date: day(earliest) }) }).click();
  await expect(newRun.getByLabel(c.date.label)).toHaveValue(earliest);
  await expect(newRun.getByRole('alert')).toHaveCount(0);

  // Every family but the parent's and one other left out; the count and sum follow.
  const { families: candidates } = await office.preview(earliest);
  const collectable = candidates.filter((family) => family.openRunId === null);
  const parentCandidate = collectable.find((family) => family.memberId === memberId)!;
  const otherCandidate = collectable.find((family) => family.memberId !== memberId);
  expect(otherCandidate, 'another demo family owes money and pays by direct debit').toBeDefined();
  other = otherCandidate!.memberId;
  for (const family of collectable) {
    const box = families.getByRole('checkbox', { name: fill(c.families.include, { name: family.name, id: family.memberId }) });
    await expect(box).toBeChecked();
    if (family.memberId !== memberId && family.memberId !== other) await box.uncheck();
  }
  const total = parentCandidate.amountCents + otherCandidate!.amountCents;
  await expect(newRun.getByText(fill(c.families.totals_other, { count: 2, total: euros(total) }))).toBeVisible();
  await expectNoAxeViolations(page, 'the Direct debit tab, a new run');

  // Announced after the confirmation: the parent is told by e-mail.
  await newRun.getByRole('button', { name: c.newRun.announce }).click();
  const confirm = page.getByRole('dialog', { name: c.announce.title });
  await expect(confirm).toContainText(fill(c.announce.text_other, { count: 2, total: euros(total), date: day(earliest) }));
  await expect(confirm).toContainText(fill(c.announce.purpose, { purpose: defaultPurpose(earliest) }));
  await expectNoAxeViolations(page, 'the announcement confirmation', { within: 'dialog[open]' });
  await confirm.getByRole('button', { name: c.announce.confirm }).click();
  const announced = page.getByRole('status').filter({ hasText: /^Run R\d{8}[0-9A-F]{8} is announced: 2 families were told by e-mail\.$/ });
  await expect(announced).toBeVisible({ timeout: 30_000 });
  const runId = /Run (R\w+) is/.exec((await announced.textContent())!)![1]!;
  await expect.poll(async () => (await inboxOf(DEMO.credit)).length, { timeout: 30_000 }).toBe(mailsBefore + 1);
  const mail = (await inboxOf(DEMO.credit)).at(-1)!;
  expect(PRE_NOTIFICATION_SUBJECTS).toContain(mail.subject);
  expect(mail.text).toContain(mandateReference);

  // The run, opened: both families announced; the other one taken out.
  const runs = page.getByRole('region', { name: c.runs.title });
  await expect(runs.getByRole('button', { name: fill(c.runs.hideLabel, { id: runId }) })).toHaveAttribute('aria-expanded', 'true');
  const debits = runs.getByRole('table', { name: fill(c.run.caption, { id: runId }) });
  await expect(debitRow(debits, memberId)).toContainText(`Olga Petrova${memberId}${euros(8750)}`);
  await expect(debitRow(debits, memberId)).toContainText(c.debitStatus.announced);
  await debitRow(debits, other).getByRole('button', { name: fill(c.run.takeOutLabel, { name: otherCandidate!.name, id: other }) }).click();
  const takeOut = page.getByRole('dialog', { name: c.takeOut.title });
  await expect(takeOut).toContainText(fill(c.takeOut.text, { amount: euros(otherCandidate!.amountCents), name: otherCandidate!.name, id: other, date: day(earliest) }));
  await takeOut.getByRole('button', { name: c.takeOut.confirm, exact: true }).click();
  await expect(page.getByText(fill(c.takeOut.done, { name: otherCandidate!.name, id: other, run: runId }))).toBeVisible({ timeout: 30_000 });
  await expect(debitRow(debits, other)).toContainText(c.debitStatus.withdrawn);
  await expect(runs.getByRole('listitem').filter({ hasText: runId })).toContainText(fill(c.runs.summary_one, { count: 1, total: euros(8750) }));
  await expectNoAxeViolations(page, 'the Direct debit tab, an announced run');
  const guard = new LayoutGuard(page, 'en');
  await guard.atEveryWidth('the Direct debit tab, an announced run', { brokenWords: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The bank's file: one transaction, under the parent's mandate; the run is filed.
  await runs.getByRole('button', { name: c.run.file }).click();
  const fileConfirm = page.getByRole('dialog', { name: c.run.fileConfirm.title });
  await expect(fileConfirm).toContainText(fill(c.run.fileConfirm.text_one, { id: runId, total: euros(8750), count: 1, date: day(earliest), lastDay: day(previousBusinessDay(earliest)) }));
  const first = await downloaded(page, () => fileConfirm.getByRole('button', { name: c.run.fileConfirm.confirm, exact: true }).click());
  expect(first.download.suggestedFilename()).toBe(`Lastschrift-${earliest}-${runId}.xml`);
  expect(first.xml.match(/<NbOfTxs>(\d+)<\/NbOfTxs>/g)).toEqual(['<NbOfTxs>1</NbOfTxs>', '<NbOfTxs>1</NbOfTxs>']);
  expect(first.xml).toContain(`<MndtId>${mandateReference}</MndtId>`);
  expect(first.xml).toContain('<InstdAmt Ccy="EUR">87.50</InstdAmt>');
  expect(first.xml).not.toContain(otherCandidate!.mandateReference);
  await expect(runs.getByRole('listitem').filter({ hasText: runId }).getByText(c.runs.status.filed, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(debitRow(debits, memberId)).toContainText(c.debitStatus.filed);
  const again = await downloaded(page, () => runs.getByRole('button', { name: c.run.fileAgain }).click());
  expect(again.xml).toBe(first.xml);
  await expect(page.getByText(fill(c.run.downloaded, { fileName: `Lastschrift-${earliest}-${runId}.xml` }))).toBeVisible();

  // The bank returned the parent's debit: insufficient funds.
  await debitRow(debits, memberId).getByRole('button', { name: fill(c.run.recordReturnLabel, { name: 'Olga Petrova', id: memberId }) }).click();
  const returned = page.getByRole('dialog', { name: c.return.title });
  await returned.getByLabel(c.return.reason).selectOption('AM04');
  await expectNoAxeViolations(page, 'the return dialog', { within: 'dialog[open]' });
  await returned.getByRole('button', { name: c.return.save }).click();
  const reason = fill(c.return.option, { code: 'AM04', reason: c.return.reasons.AM04 });
  await expect(page.getByText(fill(c.return.done, { name: 'Olga Petrova', id: memberId, reason }))).toBeVisible({ timeout: 30_000 });
  await expect(debitRow(debits, memberId)).toContainText(`${c.debitStatus.returned}${reason}`);
  expect((await debitRows(memberId)).map((row) => [row.Status, row['Return Reason']])).toEqual([['Zurückgegeben', 'AM04']]);
  expect(guard.report()).toBe('');
});
