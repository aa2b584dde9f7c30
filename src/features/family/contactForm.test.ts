import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { annaMember } from '../../test/fixtures';
import { changedFields, formFromMember, saveErrorMessage } from './contactForm';

describe('contact edit rules', () => {
  it('sends only the changed fields, trimmed', () => {
    const form = { ...formFromMember(annaMember), phone: ' +49 30 1 ', phone2: '+49 30 2' };
    expect(changedFields(annaMember, form)).toEqual({ updates: { phone: '+49 30 1', phone2: '+49 30 2' } });
  });

  it('needs a primary name, and at least one change', () => {
    expect(changedFields(annaMember, { ...formFromMember(annaMember), primaryName: '  ' })).toEqual({ error: 'family.edit.validationError' });
    expect(changedFields(annaMember, { ...formFromMember(annaMember), address: ` ${annaMember.address} ` })).toEqual({ error: 'family.edit.noChangesError' });
  });
});

describe('save error messages (spec section 8)', () => {
  it.each([
    [new TypeError('Failed to fetch'), { key: 'family.edit.networkErrorMsg' }],
    [new ApiError('Network is down', 0), { key: 'family.edit.networkErrorMsg' }],
    [new ApiError('User not authenticated', 401), { key: 'family.edit.sessionExpiredMsg' }],
    [new ApiError('Unauthorized', 401), { key: 'family.edit.sessionExpiredMsg' }],
    [new ApiError('Gateway timeout', 504), { key: 'family.edit.timeoutErrorMsg' }],
    [new ApiError('The school office system could not be updated.', 502), { text: 'The school office system could not be updated.' }],
    [new Error(''), { key: 'family.edit.genericSaveError' }],
    ['boom', { key: 'family.edit.unexpectedError' }],
  ])('%s', (error, expected) => {
    expect(saveErrorMessage(error)).toEqual(expected);
  });
});
