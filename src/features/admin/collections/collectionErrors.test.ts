import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/apiError';
import i18n from '../../../i18n';
import { collectionErrorText, refusedDate } from './collectionErrors';

// The functions' refusals as collectionRun.ts, collectionFile.ts and collectionChanges.ts give them:
// an English message for the logs, and the reason in the data.
const conflict = (message: string, data?: Record<string, unknown>) => new ApiError(message, 409, 'conflict', undefined, data);
const text = (error: unknown, language = 'en') => collectionErrorText(error, i18n.getFixedT(language), language === 'de' ? 'de-DE' : 'en-GB');

describe('collectionErrorText', () => {
  it("names the bank's last day, the stopped mandate and the family abroad in the office's words", () => {
    expect(text(conflict('The bank needed this file by 2026-12-18: announce a new run for a later date.', { reason: 'file-too-late', date: '2026-12-18' }))).toBe('The bank needed this file by Fri, 18 Dec 2026: announce a new run for a later date.');
    expect(text(conflict('The mandate MNDT-M0002-DEMO1 of M0002 is no longer active: take the family out of the run first.', { reason: 'mandate-inactive', reference: 'MNDT-M0002-DEMO1', memberId: 'M0002' }))).toBe(
      'The mandate MNDT-M0002-DEMO1 of M0002 is no longer active: take the family out of the run first.',
    );
    expect(text(conflict('M0018 pays from an account outside the EEA.', { reason: 'address-needed', memberId: 'M0018' }), 'de')).toBe(
      'M0018 zahlt von einem Konto außerhalb des EWR: Die Bank braucht die Adresse der Familie mit Postleitzahl und Ort. Korrigieren Sie sie in AppSheet oder nehmen Sie die Familie aus dem Einzug.',
    );
    expect(text(conflict('Every family was taken out of this run.', { reason: 'all-taken-out' }))).toBe('Every family was taken out of this run: there is nothing to collect.');
    expect(text(conflict('The bank file of this run is made.', { reason: 'run-filed' }))).toBe('The bank file of this run is made: the run can no longer change.');
    expect(text(conflict('Only a filed debit can come back.', { reason: 'not-filed' }))).toBe('Only a debit in a bank file can come back from the bank.');
  });

  it('names a refused date with the first possible one, and an announcement with nobody left', () => {
    const refused = new ApiError('The collection date must be a TARGET2 business day: the first possible date is 2026-12-28.', 400, 'invalid-argument', undefined, { reason: 'not-a-business-day', earliest: '2026-12-28', days: 14 });
    expect(refusedDate(refused)).toEqual({ earliest: '2026-12-28', tooSoonDays: null });
    expect(text(refused)).toBe('This date is not possible: the first possible date is Mon, 28 Dec 2026.');
    const tooSoon = new ApiError('The collection date must be at least 14 days after today: the first possible date is 2026-12-21.', 400, 'invalid-argument', undefined, { reason: 'too-soon', earliest: '2026-12-21', days: 14 });
    expect(refusedDate(tooSoon)).toEqual({ earliest: '2026-12-21', tooSoonDays: 14 });
    expect(text(new ApiError('No family is left to collect from on this date.', 400, 'invalid-argument', undefined, { reason: 'nobody-left' }))).toBe('No family is left to collect from on this date.');
    expect(text(new ApiError('The school has no creditor identifier (SEPA_CREDITOR_ID): it cannot collect.', 400, 'direct-debit-not-offered'))).toBe(
      'The school has no creditor identifier (SEPA_CREDITOR_ID), so it cannot collect by direct debit.',
    );
  });

  it("falls back to the text of the error's code", () => {
    expect(text(conflict('Something new.'))).toBe('This form was already used. Please reload the page and fill it in again.');
    expect(text(new ApiError('x', 503, 'appsheet-failed'))).toBe("The school office's system could not be updated. Nothing was changed; please try again later.");
    expect(text(new Error('boom'))).toBe('Something went wrong. Please reload the page.');
    expect(refusedDate(new ApiError('x', 400, 'invalid-argument'))).toBeNull();
  });
});
