/**
 * The notice and absence endpoints called as the office or a parent would, with an ID token from
 * the Auth emulator: for specs that need a notice, a cancelled lesson or an absence to be there
 * (written by the functions themselves) and taken back afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { CancelLessonBody, OfficeNotice, ReportAbsenceBody, SendNoticeBody } from '@family-portal/contract';
import { expect } from '@playwright/test';
import { AUTH, DEMO, DEMO_PASSWORD, FIRESTORE, owner, PROJECT } from './emulators';

const FUNCTIONS = 'http://127.0.0.1:5001/demo-family-portal/europe-west1';

export async function idTokenOf(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

/** POSTs `body` to the function `name` as the bearer of `token`; expects 200 and answers the body's data. */
export async function post<T>(name: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${FUNCTIONS}/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: T };
  expect(response.status, `${name}: ${JSON.stringify(answer)}`).toBe(200);
  return answer.data;
}

/** The console's key of a send: one per call here, as each call is a send of its own. */
const withKey = <T extends object>(body: T) => ({ ...body, idempotencyKey: randomUUID() });

/** The uid in an ID token (the Auth emulator's tokens are unsigned JWTs). */
const uidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { user_id: string }).user_id;

/**
 * Forgets the demo admin's per-account counts of the office's notice endpoints (functions'
 * http/accountLimit.ts), so that a spec run again within the minute (`--repeat-each`) starts from
 * zero like its first run, instead of meeting the limit of 10 withdrawals a minute.
 */
export async function forgetOfficeLimits(): Promise<void> {
  const uid = uidOf(await idTokenOf(DEMO.admin));
  for (const scope of ['sendNotice', 'cancelLesson', 'closeSchool', 'withdrawNotice']) {
    const response = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/rate_limits/${scope}-account-${uid}`, { method: 'DELETE', headers: owner });
    expect(response.ok, `forgetting the ${scope} count`).toBe(true);
  }
}

/** As the demo admin: a notice sent, a lesson cancelled on a date, a notice withdrawn. */
export const office = {
  send: async (body: Omit<SendNoticeBody, 'idempotencyKey'>) => post<OfficeNotice>('sendNotice', await idTokenOf(DEMO.admin), withKey(body)),
  cancel: async (body: Omit<CancelLessonBody, 'idempotencyKey'>) => post<OfficeNotice>('cancelLesson', await idTokenOf(DEMO.admin), withKey(body)),
  withdraw: async (noticeId: string) => post<OfficeNotice>('withdrawNotice', await idTokenOf(DEMO.admin), { noticeId }),
};

/** As a parent: an absence reported (its id). */
export async function reportAbsenceAs(email: string, password: string, body: ReportAbsenceBody): Promise<string> {
  return (await post<{ id: string }>('reportAbsence', await idTokenOf(email, password), body)).id;
}

/** As a parent: an absence withdrawn (before its first day). */
export async function withdrawAbsenceAs(email: string, password: string, absenceId: string): Promise<void> {
  await post('withdrawAbsence', await idTokenOf(email, password), { absenceId });
}

/** What a spec put in place for a family: its notices (withdrawn afterwards) and its absences. */
export interface FamilyNotices {
  email: string;
  password: string;
  noticeIds: string[];
  absenceIds: string[];
}

/** Takes back what `FamilyNotices` holds: the notices withdrawn (their copies deleted), the absences withdrawn. */
export async function takeBack(made: FamilyNotices): Promise<void> {
  for (const noticeId of made.noticeIds) await office.withdraw(noticeId);
  for (const absenceId of made.absenceIds) await withdrawAbsenceAs(made.email, made.password, absenceId);
}
