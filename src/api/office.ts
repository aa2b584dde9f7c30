/** The office's API beyond the sync (accounts, invitations, a family's view), with the signed-in admin's ID token. */
import type { AccountsPage, AccountsQuery, AuditLogPage, FamilyViewData, InvitationResult, InviteMembersBody } from '@family-portal/contract';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

export type { AccountsPage, AccountsQuery, AuditEntry, AuditLogPage, FamilyViewData, InvitationResult, MemberRow } from '@family-portal/contract';

const asQuery = (query: AccountsQuery) => Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')) as Record<string, string | number>;

export async function fetchAccounts(query: AccountsQuery): Promise<AccountsPage> {
  const { data } = await callFunction('getAccounts', (schemas) => schemas.accountsAnswer, { method: 'GET', query: asQuery(query), idToken: currentIdToken });
  return data;
}

/** Every row the filter keeps, as CSV text; the function records the download in the audit log. */
export async function fetchAccountsCsv(query: AccountsQuery): Promise<string> {
  const { offset: _offset, limit: _limit, ...filter } = query;
  const { data } = await callFunction('getAccountsCsv', (schemas) => schemas.accountsCsvAnswer, { method: 'GET', query: asQuery({ ...filter, offset: 0, limit: 100 }), idToken: currentIdToken });
  return data.csv;
}

export async function inviteMembers(body: InviteMembersBody): Promise<InvitationResult> {
  const { data } = await callFunction('inviteMembers', (schemas) => schemas.inviteMembersAnswer, { method: 'POST', body, idToken: currentIdToken });
  return data;
}

/** The family's documents as its parent reads them; the function records the view in the audit log. */
export async function fetchFamilyView(memberId: string): Promise<FamilyViewData> {
  const { data } = await callFunction('viewFamily', (schemas) => schemas.familyViewAnswer, { method: 'POST', body: { memberId }, idToken: currentIdToken });
  return data;
}

/** A page of the audit log, newest first: the newest, or the one after the entry `after` (a page's `next`). */
export async function fetchAuditLog(after?: string): Promise<AuditLogPage> {
  const { data } = await callFunction('getAdminAudit', (schemas) => schemas.auditLogAnswer, { method: 'GET', query: after ? { after } : undefined, idToken: currentIdToken });
  return data;
}
