import { giveMandateBody } from '@family-portal/contract';
import { accountProblem, holderProblem, isMandateReference, mandateReferenceFor, mandatesTable, maskIban, needsBic } from '@family-portal/contract/mandates';
import { creditorIdProblem } from '@family-portal/contract/creditor';
import { bankName } from '@family-portal/contract/sepaName';
import { describe, expect, it } from 'vitest';

// Test accounts from the banks' own examples: Commerzbank's DE89 3704 …, a Swiss and a British one.
const GERMAN = 'DE89 3704 0044 0532 0130 00';
const SWISS = 'CH93 0076 2011 6238 5295 7';
const BRITISH = 'GB29 NWBK 6016 1331 9268 19';

describe('accountProblem', () => {
  it('takes a German IBAN as typed, with spaces and in lower case, without a BIC', () => {
    expect(accountProblem(GERMAN, '')).toBeNull();
    expect(accountProblem(GERMAN.toLowerCase().replace(/ /g, ''), undefined)).toBeNull();
  });

  it('refuses a wrong check digit and a wrong length', () => {
    expect(accountProblem('DE88 3704 0044 0532 0130 00', '')).toBe('ibanInvalid');
    expect(accountProblem('DE89 3704 0044 0532 0130 0', '')).toBe('ibanInvalid');
    expect(accountProblem('', '')).toBe('ibanInvalid');
  });

  it('refuses a valid IBAN of a country outside SEPA', () => {
    // Brazil's IBAN example from the SWIFT registry: valid check digits, no SEPA.
    expect(accountProblem('BR18 0036 0305 0000 1000 9795 493C 1', '')).toBe('ibanNotSepa');
  });

  it('asks for the BIC only outside the EEA, and checks it', () => {
    expect(needsBic(GERMAN)).toBe(false);
    expect(needsBic(SWISS)).toBe(true);
    expect(accountProblem(SWISS, '')).toBe('bicRequired');
    expect(accountProblem(BRITISH, ' ')).toBe('bicRequired');
    expect(accountProblem(SWISS, 'UBSWCHZH80A')).toBeNull();
    expect(accountProblem(SWISS, 'NOT A BIC')).toBe('bicInvalid');
    expect(accountProblem(GERMAN, 'COBADEFFXXX')).toBeNull();
  });
});

describe('maskIban', () => {
  it('shows the country and the last four characters, in groups of four', () => {
    expect(maskIban(GERMAN)).toBe('DE•• •••• •••• •••• ••30 00');
    expect(maskIban('CH9300762011623852957')).toBe('CH•• •••• •••• •••• •295 7');
  });
});

describe('holderProblem and bankName', () => {
  it('keeps the name as typed and gives the Latin form the bank sees', () => {
    expect(holderProblem('Ольга Петрова')).toBeNull();
    expect(bankName('Ольга Петрова')).toBe('Olga Petrova');
    expect(bankName('  Jürgen  Weiß ')).toBe('Juergen Weiss');
    expect(bankName('Anna Müller-Lüdenscheidt')).toBe('Anna Mueller-Luedenscheidt');
    expect(bankName("Seán O'Brien")).toBe("Sean O'Brien");
  });

  it('refuses an empty, too long, marked-up or formula-like name', () => {
    expect(holderProblem('   ')).toBe('required');
    expect(holderProblem('A'.repeat(70))).toBeNull();
    expect(holderProblem('A'.repeat(71))).toBe('tooLong');
    expect(holderProblem('<b>Anna</b> Müller')).toBe('markup');
    expect(holderProblem('=HYPERLINK("x")')).toBe('formulaStart');
    expect(holderProblem('Anna\nMüller')).toBe('controlCharacters');
  });
});

describe('mandate references', () => {
  it('are at most 35 characters of the SEPA set, from the family and the form attempt', () => {
    const reference = mandateReferenceFor('M0001', 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6');
    expect(reference).toBe('MNDT-M0001-A1B2C3D4E5F6A7B8C9D0E1F2');
    expect(reference.length).toBeLessThanOrEqual(35);
    expect(isMandateReference(reference)).toBe(true);
    expect(mandateReferenceFor('M0001', 'a1b2c3d4e5f6')).not.toBe(mandateReferenceFor('M0001', 'b1b2c3d4e5f6'));
    expect(isMandateReference(mandateReferenceFor('Família #7 with a very long member id', 'a1b2c3d4e5f6a7b8'))).toBe(true);
  });

  it('refuses a space, other characters, slashes at the ends or doubled, and 36 characters', () => {
    expect(isMandateReference('MNDT 1')).toBe(false);
    expect(isMandateReference('MNDT_1')).toBe(false);
    expect(isMandateReference('/MNDT1')).toBe(false);
    expect(isMandateReference('MN//DT1')).toBe(false);
    expect(isMandateReference('M'.repeat(36))).toBe(false);
    expect(isMandateReference('M'.repeat(35))).toBe(true);
  });
});

describe('creditorIdProblem', () => {
  it("takes the Bundesbank's test identifier, with spaces or in lower case", () => {
    expect(creditorIdProblem('DE98ZZZ09999999999')).toBeNull();
    expect(creditorIdProblem('de98 zzz 09999999999')).toBeNull();
  });

  it('refuses wrong check digits and a wrong shape, saying which', () => {
    expect(creditorIdProblem('DE97ZZZ09999999999')).toMatch(/wrong check digits/);
    expect(creditorIdProblem('DE98ZZZ0999999999X9')).toMatch(/wrong check digits/);
    expect(creditorIdProblem('DE98')).toMatch(/not a creditor identifier/);
  });
});

describe('the Mandates table', () => {
  const row = { memberId: 'M1', accountHolder: 'Olga Petrova', iban: 'DE89370400440532013000', bic: null, signedAt: '2026-12-06T10:00:00.000Z', signedBy: 'olga@example.org', status: 'active' as const, revokedAt: null, firstUsed: null, lastUsed: null };

  it('keeps a valid mandate and refuses one SEPA cannot debit or a stopped one without its date', () => {
    expect(mandatesTable.check?.(row)).toBeNull();
    expect(mandatesTable.check?.({ ...row, iban: 'DE88370400440532013000' })).toMatch(/ibanInvalid/);
    expect(mandatesTable.check?.({ ...row, iban: 'CH9300762011623852957' })).toMatch(/bicRequired/);
    expect(mandatesTable.check?.({ ...row, status: 'revoked' })).toMatch(/Revoked At/);
  });
});

describe('giveMandateBody', () => {
  const body = { attempt: 'a1b2c3d4e5f6a7b8', accountHolder: ' Olga Petrova ', iban: GERMAN, agreed: true, language: 'de' };

  it('takes a ticked form and refuses an unticked one, a long holder and an odd attempt id', () => {
    expect(giveMandateBody.parse(body).accountHolder).toBe('Olga Petrova');
    expect(giveMandateBody.safeParse({ ...body, agreed: false }).success).toBe(false);
    expect(giveMandateBody.safeParse({ ...body, accountHolder: 'A'.repeat(71) }).success).toBe(false);
    expect(giveMandateBody.safeParse({ ...body, attempt: 'short' }).success).toBe(false);
    expect(giveMandateBody.safeParse({ ...body, extra: 1 }).success).toBe(false);
  });
});
