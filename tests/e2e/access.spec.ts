/**
 * Access follows the office's records: when the office types family B's e-mail into family A's
 * member row, a full sync leaves neither parent reading anything (both see "contact the school
 * office"), and the office's fix gives each parent their own family back. Desktop only: it
 * changes the shared demo data (and puts it back).
 */
import { expect, test } from '@playwright/test';
import { createVerifiedAccount, documentsWhere, fullSyncAsAdmin, memberEmail } from './support/emulators';
import { signIn, texts } from './support/signIn';
import { webSdkAs } from './support/webSdk';

const PASSWORD = 'access-test-1';

async function editMemberEmail(memberId: string, email: string) {
  const response = await fetch('http://127.0.0.1:8787/api/v2/apps/demo-app/tables/Members/Action', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ApplicationAccessKey: 'demo-access-key' },
    body: JSON.stringify({ Action: 'Edit', Properties: { Locale: 'de-DE' }, Rows: [{ 'Member ID': memberId, Email: email }] }),
  });
  expect(response.status).toBe(200);
}

/** What the rules let this parent read of both families, straight through the web SDK. */
async function readableMembers(email: string, memberIds: string[]): Promise<string[]> {
  const { doc, getDoc } = await import('firebase/firestore');
  const { db, close } = await webSdkAs(email, PASSWORD);
  try {
    const readable = [];
    for (const id of memberIds) if (await getDoc(doc(db, 'members', id)).then(() => true, () => false)) readable.push(id);
    return readable;
  } finally {
    await close();
  }
}

test("a typing slip in the office's member rows locks both families out until it is fixed, and never crosses them", async ({ browser }) => {
  // Two full syncs and four sign-ins: longer than one screen's test.
  test.setTimeout(120_000);
  // Families no other browser test signs in as (auth-flows uses M0004–M0007).
  const [a, b] = [{ id: 'M0010', language: 'de' as const }, { id: 'M0011', language: 'ru' as const }];
  const emails = { [a.id]: await memberEmail(a.id), [b.id]: await memberEmail(b.id) };
  for (const id of [a.id, b.id]) await createVerifiedAccount(emails[id] as string, PASSWORD);
  const names = Object.fromEntries(
    await Promise.all([a.id, b.id].map(async (id) => [id, (await documentsWhere('members', 'primaryEmail', emails[id] as string))[0]?.primaryName])),
  ) as Record<string, string>;

  await editMemberEmail(a.id, emails[b.id] as string);
  try {
    expect(await fullSyncAsAdmin()).toBe(200);
    for (const family of [a, b]) {
      const email = emails[family.id] as string;
      const t = texts(family.language);
      const page = await browser.newPage();
      await signIn(page, email, { password: PASSWORD, language: family.language });
      await expect(page.getByText(t.errors.noMember.replace('{{email}}', email))).toBeVisible();
      for (const name of Object.values(names)) await expect(page.getByText(name)).toHaveCount(0);
      await page.goto('/family');
      await expect(page.getByText(t.errors.noMember.replace('{{email}}', email))).toBeVisible();
      await page.close();
      expect(await readableMembers(email, [a.id, b.id])).toEqual([]);
    }
  } finally {
    await editMemberEmail(a.id, emails[a.id] as string);
    expect(await fullSyncAsAdmin()).toBe(200);
  }

  for (const family of [a, b]) {
    const email = emails[family.id] as string;
    const page = await browser.newPage();
    await signIn(page, email, { password: PASSWORD, language: family.language });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts(family.language).dashboard.welcome.replace('{{name}}', names[family.id] as string));
    await page.close();
    expect(await readableMembers(email, [a.id, b.id])).toEqual([family.id]);
  }
});
