/** updateMemberData and cancelMembership (spec section 7), with the parent's ID token. */
import type { Member } from '../domain/types';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

export type ContactUpdates = Partial<Pick<Member, 'primaryName' | 'secondaryName' | 'phone' | 'phone2' | 'address'>>;

export async function updateMemberData(updates: Record<string, string>): Promise<Member> {
  const { data } = await callFunction<{ success: boolean; message: string; data: Member }>('updateMemberData', {
    body: { updates },
    idToken: currentIdToken,
  });
  return data;
}

export async function cancelMembership(cancellationReason?: string): Promise<{ message: string; data: Member }> {
  return callFunction<{ message: string; data: Member }>('cancelMembership', {
    body: cancellationReason ? { cancellationReason } : {},
    idToken: currentIdToken,
  });
}
