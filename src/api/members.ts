/** updateMemberData and cancelMembership (spec section 7), with the parent's ID token. */
import { memberAnswer, type CancelMembershipBody, type Member, type UpdateMemberDataBody } from '@family-portal/contract';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

export async function updateMemberData(updates: UpdateMemberDataBody['updates']): Promise<Member> {
  const { data } = await callFunction('updateMemberData', memberAnswer, { body: { updates }, idToken: currentIdToken });
  return data;
}

export async function cancelMembership(cancellationReason?: string): Promise<{ message: string; data: Member }> {
  const body: CancelMembershipBody = cancellationReason ? { cancellationReason } : {};
  return callFunction('cancelMembership', memberAnswer, { body, idToken: currentIdToken });
}
