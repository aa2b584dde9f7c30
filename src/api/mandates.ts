/** giveMandate, revokeMandate and confirmMandate: the family's SEPA direct debit mandate (docs/payments.md), with the parent's ID token. */
import type { GiveMandateBody, MandateView } from '@family-portal/contract';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

export async function giveMandate(body: GiveMandateBody): Promise<MandateView> {
  const { data } = await callFunction('giveMandate', (schemas) => schemas.mandateAnswer, { body, idToken: currentIdToken });
  return data;
}

export async function revokeMandate(mandateReference: string, language: GiveMandateBody['language']): Promise<MandateView> {
  const { data } = await callFunction('revokeMandate', (schemas) => schemas.mandateAnswer, { body: { mandateReference, language }, idToken: currentIdToken });
  return data;
}

/** Confirms a mandate paused after the bank returned a debit: direct debit resumes under it. */
export async function confirmMandate(mandateReference: string): Promise<MandateView> {
  const { data } = await callFunction('confirmMandate', (schemas) => schemas.mandateAnswer, { body: { mandateReference }, idToken: currentIdToken });
  return data;
}
