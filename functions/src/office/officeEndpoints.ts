/**
 * The office's endpoints: the accounts overview and its members table, the table as
 * CSV, invitations, a family's view and the log of such views. Each checks the caller's admin
 * record as the sync API does, and counts against the admin's own limits.
 */
import { accountsQuery, auditLogQuery, inviteMembersBody, viewFamilyBody } from '@family-portal/contract';
import type { Request } from 'express';
import { adminAuth, adminDb } from '../admin';
import { invitationSettingsFromConfig } from '../config';
import type { AccountLimit } from '../http/accountLimit';
import { badRequest, HttpError, parsedOr400 } from '../http/errors';
import { limitedAdmin } from '../http/memberCaller';
import { auditPage, recordCsvDownload } from '../lib/audit';
import { viewFamily } from './familyView';
import { inviteMembers } from './invitations';
import { csvOf, filteredRows, memberRows } from './memberRows';
import { accountsPage, readSchool } from './school';

/** Generous for an office paging through its members; far too few to page out the school by script. */
export const OFFICE_LIMITS = {
  accounts: { scope: 'officeAccounts', perMinute: 30, perDay: 2000 },
  inviteMembers: { scope: 'inviteMembers', perMinute: 10, perDay: 100 },
  viewFamily: { scope: 'viewFamily', perMinute: 30, perDay: 1000 },
  auditLog: { scope: 'auditLog', perMinute: 30 },
} satisfies Record<string, AccountLimit>;




/** GET: the counts, and one page of the members table as filtered and sorted. */
export async function getAccounts(request: Request) {
  await limitedAdmin(request, OFFICE_LIMITS.accounts);
  const query = parsedOr400(accountsQuery.safeParse(request.query));
  return { data: await accountsPage(adminDb(), adminAuth(), query) };
}

/**
 * GET: every row the filter keeps, as CSV (UTF-8 with a BOM, so that spreadsheets read the
 * umlauts). It holds every listed member's address: each download is in the audit log, as a
 * family's view is, written before the CSV leaves.
 */
export async function getAccountsCsv(request: Request) {
  const caller = await limitedAdmin(request, OFFICE_LIMITS.accounts);
  const query = parsedOr400(accountsQuery.safeParse(request.query));
  const kept = filteredRows(memberRows(await readSchool(adminDb(), adminAuth())), query);
  await recordCsvDownload(adminDb(), caller.email, { rows: kept.length, filter: { account: query.account, search: query.search, notInvited: query.notInvited } });
  return { data: { csv: `\uFEFF${csvOf(kept)}`, rows: kept.length } };
}

export async function postInvitations(request: Request) {
  const caller = await limitedAdmin(request, OFFICE_LIMITS.inviteMembers);
  const body = parsedOr400(inviteMembersBody.safeParse(request.body));
  if (Boolean(body.memberIds) === Boolean(body.allNotInvited)) throw badRequest('Invalid request: give either memberIds or allNotInvited.');
  const result = await inviteMembers(adminDb(), adminAuth(), invitationSettingsFromConfig(), { ...body, adminEmail: caller.email });
  return { data: result };
}

export async function postFamilyView(request: Request) {
  const caller = await limitedAdmin(request, OFFICE_LIMITS.viewFamily);
  const { memberId } = parsedOr400(viewFamilyBody.safeParse(request.body));
  const family = await viewFamily(adminDb(), caller.email, memberId);
  if (!family) throw new HttpError('not-found', 'There is no member with this id.');
  return { data: family };
}

/** GET: a page of the audit log, newest first; `?after=` the previous page's `next`. */
export async function getAuditLog(request: Request) {
  await limitedAdmin(request, OFFICE_LIMITS.auditLog);
  const { after } = parsedOr400(auditLogQuery.safeParse(request.query));
  const page = await auditPage(adminDb(), after);
  if (!page) throw badRequest('Invalid request: no audit entry with the id given in after.');
  return { data: page };
}
