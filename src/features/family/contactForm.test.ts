import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { annaMember } from '../../test/fixtures';
import i18n from '../../i18n';
import { changedFields, fieldProblem, formFromMember, problemMessage, saveErrorMessage } from './contactForm';

describe('contact edit rules', () => {
  it('sends only the changed fields, trimmed', () => {
    const form = { ...formFromMember(annaMember), phone: ' +49 30 1 ', phone2: '+49 30 2' };
    expect(changedFields(annaMember, form)).toEqual({ updates: { phone: '+49 30 1', phone2: '+49 30 2' } });
  });

  it('needs a primary name, and at least one change', () => {
    expect(changedFields(annaMember, { ...formFromMember(annaMember), primaryName: '  ' })).toEqual({ error: { key: 'family.edit.validationError', field: 'primaryName' } });
    expect(changedFields(annaMember, { ...formFromMember(annaMember), address: ` ${annaMember.address} ` })).toEqual({ error: { key: 'family.edit.noChangesError' } });
  });
});

describe('clean input (the rules the functions enforce)', () => {
  const change = (values: Partial<ReturnType<typeof formFromMember>>) => changedFields(annaMember, { ...formFromMember(annaMember), ...values });

  it.each([
    ['a line break in the primary name', { primaryName: 'Anna\nMüller' }, 'controlCharacters', 'primaryName'],
    ['a tab in the second name', { secondaryName: 'Jan\tMüller' }, 'controlCharacters', 'secondaryName'],
    ['a C1 control in the address', { address: 'Hauptstr. 1\u0085Berlin' }, 'controlCharacters', 'address'],
    ['a line separator in the address', { address: 'Hauptstr. 1\u2028Berlin' }, 'controlCharacters', 'address'],
    ['a leading = in the address', { address: '=HYPERLINK("https://evil.example")' }, 'formulaStart', 'address'],
    ['a leading @ in the address', { address: '@SUM(A1)' }, 'formulaStart', 'address'],
    ['a leading - in the address', { address: '-2+3' }, 'formulaStart', 'address'],
    ['a leading + in the name', { primaryName: '+Anna' }, 'formulaStart', 'primaryName'],
    ['a formula after spaces', { secondaryName: '  =1+1' }, 'formulaStart', 'secondaryName'],
    ['letters in a phone number', { phone: '=CMD()' }, 'phoneFormat', 'phone'],
    ['a + inside a phone number', { phone2: '030 + 123' }, 'phoneFormat', 'phone2'],
    ['a phone number without digits', { phone: '+ ()' }, 'phoneFormat', 'phone'],
    ['a phone number starting with -', { phone: '-030 123' }, 'phoneFormat', 'phone'],
    ['an overlong name', { primaryName: 'A'.repeat(101) }, 'tooLong', 'primaryName'],
  ])('refuses %s', (_what, values, problem, field) => {
    expect(change(values)).toEqual({ error: expect.objectContaining({ key: `family.validation.${problem}`, field }) });
  });

  it.each(['+49 30 123', '+49 (0)30 123-45', '030/123 45.6', '(030) 1234'])('accepts the phone number %s', (phone) => {
    expect(change({ phone })).toEqual({ updates: { phone } });
  });

  it('accepts clearing a field, and names in any script', () => {
    expect(change({ phone: '', primaryName: 'Ольга Иванова-Шмидт' })).toEqual({ updates: { primaryName: 'Ольга Иванова-Шмидт', phone: '' } });
  });

  it('leaves unchanged values alone: only what is sent is judged', () => {
    const member = { ...annaMember, address: '-Hinterhaus-' };
    expect(changedFields(member, { ...formFromMember(member), phone: '+49 1' })).toEqual({ updates: { phone: '+49 1' } });
  });

  it('checks the cancellation reason by the same rules', () => {
    expect(fieldProblem('cancellationReason', 'Umzug\nnach Hamburg')).toMatchObject({ key: 'family.validation.controlCharacters' });
    expect(fieldProblem('cancellationReason', '@Leitung bitte melden')).toMatchObject({ key: 'family.validation.formulaStart' });
    expect(fieldProblem('cancellationReason', 'x'.repeat(501))).toMatchObject({ key: 'family.validation.tooLong', max: 500 });
    expect(fieldProblem('cancellationReason', 'Umzug nach Hamburg')).toBeNull();
  });

  it.each([
    ['en', 'Primary name: line breaks, tabs and other invisible control characters are not allowed.', 'The reason is too long: at most 500 characters.'],
    ['de', 'Name (Hauptkontakt): Zeilenumbrüche, Tabulatoren und andere unsichtbare Steuerzeichen sind nicht erlaubt.', 'Der Grund ist zu lang: höchstens 500 Zeichen.'],
    ['ru', 'Имя (основной контакт): переносы строк, табуляция и другие невидимые управляющие символы не допускаются.', 'Причина: слишком длинное значение, не более 500 символов.'],
  ])('says why in %s, naming the field', async (language, control, tooLong) => {
    await i18n.changeLanguage(language);
    expect(problemMessage(i18n.t, { key: 'family.validation.controlCharacters', field: 'primaryName' })).toBe(control);
    expect(problemMessage(i18n.t, fieldProblem('cancellationReason', 'x'.repeat(501))!)).toBe(tooLong);
  });
});

describe('save error messages (spec section 8)', () => {
  it.each([
    [new ApiError('Failed to fetch', 0, 'network'), { key: 'family.edit.networkErrorMsg' }],
    [new ApiError('User not authenticated', 401, 'unauthenticated'), { key: 'family.edit.sessionExpiredMsg' }],
    [new ApiError('HTTP 504 without the API error body', 504, 'unavailable'), { key: 'family.edit.timeoutErrorMsg' }],
    [new ApiError('HTTP 503 without the API error body', 503, 'unavailable'), { key: 'family.edit.genericSaveError' }],
    // The server's English never reaches the screen: its code picks the text.
    [new ApiError('The school office system could not be updated.', 502, 'appsheet-failed'), { key: 'errors.api.appsheet-failed' }],
    [new ApiError('Invalid request: updates.phone: …', 400, 'invalid-argument'), { key: 'errors.api.invalid-argument' }],
    [new ApiError('No membership was found', 404, 'not-a-member'), { key: 'errors.api.not-a-member' }],
    [new ApiError('The answer does not match the contract', 200, 'invalid-answer'), { key: 'errors.api.invalid-answer' }],
    [new TypeError('Failed to fetch'), { key: 'family.edit.unexpectedError' }],
  ])('%s', (error, expected) => {
    expect(saveErrorMessage(error)).toEqual(expected);
  });
});
