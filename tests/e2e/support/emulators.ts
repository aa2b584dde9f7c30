/**
 * What a browser test needs from the local stack, over the emulators' own REST APIs (the
 * Playwright runner does not load the functions' CommonJS sources).
 */
import { HOSTING_ORIGIN } from './hosting';

export const PROJECT = 'demo-family-portal';
export const AUTH = 'http://127.0.0.1:9099';
export const FIRESTORE = 'http://127.0.0.1:8080';
/** Where the browser tests open the app: the production build (playwright.config.ts). */
export const APP_ORIGIN = HOSTING_ORIGIN;
export const DEMO_PASSWORD = 'demo1234';
export const DEMO = { owing: 'anna.mueller@example.com', credit: 'olga.petrova@example.com', admin: 'admin@example.com' } as const;

export const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

/** The e-mail of a synced member document, as the sync stored it. */
export async function memberEmail(memberId: string): Promise<string> {
  const response = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/members/${memberId}`, { headers: owner });
  const body = (await response.json()) as { fields?: { primaryEmail?: { stringValue?: string } } };
  const email = body.fields?.primaryEmail?.stringValue;
  if (!email) throw new Error(`member ${memberId} has no e-mail in Firestore`);
  return email;
}

export interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  /** VERIFY_EMAIL, PASSWORD_RESET, or another kind the emulator may add. */
  requestType: string;
}

/**
 * The newest e-mail action link the Auth emulator "sent" to this address. The app asks for the
 * e-mail after the screen has moved on, so it is waited for (up to 10 s), not expected at once.
 */
export async function latestOobCode(email: string, requestType: OobCode['requestType']): Promise<OobCode> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/oobCodes`);
    const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
    const latest = oobCodes.filter((code) => code.email === email && code.requestType === requestType).at(-1);
    if (latest) return latest;
    if (Date.now() > deadline) throw new Error(`no ${requestType} e-mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function accountExists(email: string): Promise<boolean> {
  return (await accountUid(email)) !== null;
}

/** The account's uid (its localId in the Auth emulator), or null when the address has none. */
export async function accountUid(email: string): Promise<string | null> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ email: [email] }),
  });
  const body = (await response.json()) as { users?: Array<{ localId: string }> };
  return body.users?.[0]?.localId ?? null;
}

/**
 * Deletes the account of `email` if there is one, as the office's tools (the Admin API) would:
 * a test that makes an account starts without it, so that a repeat (`--repeat-each`) starts as
 * the first run did.
 */
export async function deleteAccount(email: string): Promise<void> {
  const lookup = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`, { method: 'POST', headers: owner, body: JSON.stringify({ email: [email] }) });
  for (const { localId } of ((await lookup.json()) as { users?: Array<{ localId: string }> }).users ?? []) {
    const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:delete`, { method: 'POST', headers: owner, body: JSON.stringify({ localId }) });
    if (!response.ok) throw new Error(`deleting the account of ${email} failed: HTTP ${response.status}`);
  }
  if (await accountExists(email)) throw new Error(`the account of ${email} is still there`);
}

/**
 * Revokes every session of the account, as a password change or reset elsewhere does (the Admin
 * SDK's revokeRefreshTokens): Auth stamps validSince with the current second.
 */
export async function revokeSessions(email: string): Promise<void> {
  const lookup = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`, { method: 'POST', headers: owner, body: JSON.stringify({ email: [email] }) });
  const [user] = ((await lookup.json()) as { users?: Array<{ localId: string }> }).users ?? [];
  if (!user) throw new Error(`no account ${email}`);
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ localId: user.localId, validSince: String(Math.floor(Date.now() / 1000)) }),
  });
  if (!response.ok) throw new Error(`revoking the sessions of ${email} failed: HTTP ${response.status}`);
}

/** A sign-up straight through the Auth API, as anyone could send it. */
export async function signUpThroughAuthApi(email: string, password: string) {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return { status: response.status, body: (await response.json()) as { localId?: string; error?: { message: string } } };
}

/**
 * A member's account with a verified e-mail, made the way the office would help a parent. One
 * an earlier run of the test left (`--repeat-each`, a second run on the same stack) is deleted
 * first, so each run starts as the first did.
 */
export async function createVerifiedAccount(email: string, password: string): Promise<void> {
  await deleteAccount(email);
  const { body } = await signUpThroughAuthApi(email, password);
  if (!body.localId) throw new Error(`sign-up of ${email} failed: ${body.error?.message}`);
  await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ localId: body.localId, emailVerified: true }),
  });
}

/** Verifies an address out of band, as if the parent opened the link on another device. */
export async function verifyOutOfBand(email: string): Promise<void> {
  const { oobCode } = await latestOobCode(email, 'VERIFY_EMAIL');
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oobCode }),
  });
  if (!response.ok) throw new Error(`verifying ${email} failed: HTTP ${response.status}`);
}

type FirestoreValue = {
  stringValue?: string;
  doubleValue?: number;
  integerValue?: string;
  booleanValue?: boolean;
  nullValue?: null;
  arrayValue?: { values?: FirestoreValue[] };
  mapValue?: { fields?: Record<string, FirestoreValue> };
};

function decode(value: FirestoreValue): unknown {
  if ('stringValue' in value) return value.stringValue;
  if ('doubleValue' in value) return value.doubleValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('booleanValue' in value) return value.booleanValue;
  if ('arrayValue' in value) return (value.arrayValue?.values ?? []).map(decode);
  if ('mapValue' in value) return Object.fromEntries(Object.entries(value.mapValue?.fields ?? {}).map(([key, field]) => [key, decode(field)]));
  return null;
}

/** Documents of a collection where field == value (read with admin rights), as plain objects. */
export async function documentsWhere(collectionId: string, field: string, value: string): Promise<Array<Record<string, unknown> & { id: string }>> {
  const response = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents:runQuery`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({
      structuredQuery: {
        from: [{ collectionId }],
        where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } },
      },
    }),
  });
  const rows = (await response.json()) as Array<{ document?: { name: string; fields: Record<string, FirestoreValue> } }>;
  return rows
    .filter((row) => row.document)
    .map(({ document }) => ({
      id: document!.name.split('/').pop() as string,
      ...Object.fromEntries(Object.entries(document!.fields).map(([key, v]) => [key, decode(v)])),
    }));
}

/** Every document of a (small) collection, read with admin rights, as plain objects. */
export async function allDocuments(collectionId: string): Promise<Array<Record<string, unknown> & { id: string }>> {
  const response = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/${collectionId}?pageSize=300`, { headers: owner });
  const { documents = [] } = (await response.json()) as { documents?: Array<{ name: string; fields: Record<string, FirestoreValue> }> };
  return documents.map((document) => ({
    id: document.name.split('/').pop() as string,
    ...Object.fromEntries(Object.entries(document.fields).map(([key, v]) => [key, decode(v)])),
  }));
}

/** One document (read with admin rights) as a plain object, or null when there is none. */
export async function firestoreDocument(path: string): Promise<Record<string, unknown> | null> {
  const response = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/${path}`, { headers: owner });
  if (response.status === 404) return null;
  const document = (await response.json()) as { fields: Record<string, FirestoreValue> };
  return Object.fromEntries(Object.entries(document.fields).map(([key, v]) => [key, decode(v)]));
}

/** An AppSheet demo row, as the AppSheet API returns it (de-DE). */
export async function appSheetRow(table: string, keyColumn: string, key: string): Promise<Record<string, string>> {
  const response = await fetch(`http://127.0.0.1:8787/api/v2/apps/demo-app/tables/${encodeURIComponent(table)}/Action`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ApplicationAccessKey: 'demo-access-key' },
    body: JSON.stringify({ Action: 'Find', Properties: { Locale: 'de-DE', Selector: `Filter(${table}, [${keyColumn}] = "${key}")` }, Rows: [] }),
  });
  return ((await response.json()) as Array<Record<string, string>>)[0] ?? {};
}

/** Changes one AppSheet demo row, as the office would in AppSheet (values as de-DE writes them). */
export async function editAppSheetRow(table: string, row: Record<string, string>): Promise<void> {
  const response = await fetch(`http://127.0.0.1:8787/api/v2/apps/demo-app/tables/${encodeURIComponent(table)}/Action`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ApplicationAccessKey: 'demo-access-key' },
    body: JSON.stringify({ Action: 'Edit', Properties: { Locale: 'de-DE' }, Rows: [row] }),
  });
  if (!response.ok) throw new Error(`AppSheet Edit on ${table}: HTTP ${response.status} ${await response.text()}`);
}

/** The e-mails in the local inbox (MailDev, tools/mail/serve.ts) to one address, oldest first. */
export async function inboxOf(address: string): Promise<Array<{ subject: string; text: string; html: string; to: Array<{ address: string }> }>> {
  const response = await fetch('http://127.0.0.1:1080/api/email?sort=asc');
  const mails = (await response.json()) as Array<{ subject: string; text: string; html: string; to: Array<{ address: string }> }>;
  return mails.filter((mail) => mail.to.some((to) => to.address === address));
}

/** A full sync through the admin API, as the office would start it. */
export async function fullSyncAsAdmin(): Promise<number> {
  const signIn = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO.admin, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const response = await fetch('http://127.0.0.1:5001/demo-family-portal/europe-west1/triggerFullSync', {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}` },
  });
  return response.status;
}
