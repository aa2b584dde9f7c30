import { describe, expect, it } from 'vitest';
import { debtorAddress, familyWord, sequenceAndAmendment, type MandateFacts } from './debitTerms';

// Two accounts at one bank (bank code 37040044, the first its published example), one at another.
const COMMERZBANK = 'DE89370400440532013000';
const COMMERZBANK_OTHER = 'DE62370400440532013001';
const OTHER_BANK = 'DE02120300000000202051';

const mandate = (id: string, iban: string, signedAt: string, firstUsed: string | null, status = 'active'): MandateFacts => ({ id, iban, signedAt, status, firstUsed });

describe('sequenceAndAmendment', () => {
  it('is FRST for a first mandate never collected under, RCUR once it was', () => {
    const first = mandate('M-1', COMMERZBANK, '2026-01-10T09:00:00.000Z', null);
    expect(sequenceAndAmendment(first, [first])).toEqual({ sequence: 'FRST' });
    const used = { ...first, firstUsed: '2026-02-02' };
    expect(sequenceAndAmendment(used, [used])).toEqual({ sequence: 'RCUR' });
  });

  it('names the last mandate collected under, and its account at the same bank, after a change of account', () => {
    const old = mandate('M-1', COMMERZBANK, '2026-01-10T09:00:00.000Z', '2026-02-02', 'replaced');
    const now = mandate('M-2', COMMERZBANK_OTHER, '2026-05-01T09:00:00.000Z', null);
    expect(sequenceAndAmendment(now, [now, old])).toEqual({ sequence: 'RCUR', amendment: { originalMandateReference: 'M-1', originalIban: COMMERZBANK } });
  });

  it('says SMNDA (another bank) when the new account is at another bank', () => {
    const old = mandate('M-1', COMMERZBANK, '2026-01-10T09:00:00.000Z', '2026-02-02', 'replaced');
    const now = mandate('M-2', OTHER_BANK, '2026-05-01T09:00:00.000Z', null);
    expect(sequenceAndAmendment(now, [now, old])).toEqual({ sequence: 'RCUR', amendment: { originalMandateReference: 'M-1', otherBank: true } });
  });

  it('skips a mandate given in between and never collected under: the bank knows the last one it used', () => {
    const used = mandate('M-1', COMMERZBANK, '2026-01-10T09:00:00.000Z', '2026-02-02', 'replaced');
    const unused = mandate('M-2', OTHER_BANK, '2026-03-01T09:00:00.000Z', null, 'replaced');
    const now = mandate('M-3', COMMERZBANK, '2026-05-01T09:00:00.000Z', null);
    expect(sequenceAndAmendment(now, [now, unused, used])).toEqual({ sequence: 'RCUR', amendment: { originalMandateReference: 'M-1' } });
  });

  it('is FRST after a change when nothing was ever collected', () => {
    const unused = mandate('M-1', COMMERZBANK, '2026-01-10T09:00:00.000Z', null, 'replaced');
    const now = mandate('M-2', OTHER_BANK, '2026-05-01T09:00:00.000Z', null);
    expect(sequenceAndAmendment(now, [now, unused])).toEqual({ sequence: 'FRST' });
  });
});

describe('debtorAddress', () => {
  it('reads street, post code and town, in the IBAN\'s country', () => {
    expect(debtorAddress('CH9300762011623852957', 'Bahnhofstrasse 1, 8001 Zürich')).toEqual({ country: 'CH', street: 'Bahnhofstrasse 1', postCode: '8001', town: 'Zürich' });
    expect(debtorAddress('GB29NWBK60161331926819', '10 Downing Street\nSW1A 2AA London')).toEqual({ country: 'GB', street: '10 Downing Street', postCode: 'SW1A 2AA', town: 'London' });
  });

  it('gives none for an address without post code and town', () => {
    expect(debtorAddress('CH9300762011623852957', 'Bahnhofstrasse 1')).toBeNull();
    expect(debtorAddress('CH9300762011623852957', null)).toBeNull();
  });
});

it('takes the last word of the name for "Familie …"', () => {
  expect(familyWord('  Olga  Petrova ')).toBe('Petrova');
});
