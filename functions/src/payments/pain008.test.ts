import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { euros, pain008Xml, sepaLatin, type CollectionDebit, type CollectionFile } from './pain008';

const SCHEMA = {
  fileName: 'pain.008.001.08_GBIC_4.xsd',
  contents: readFileSync(new URL('./fixtures/pain.008.001.08_GBIC_4.xsd', import.meta.url), 'utf8'),
};

/** What the DK's schema finds wrong with a file, in xmllint's words; [] when the bank's check passes. */
async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: 'collection.xml', contents: xml }, schema: SCHEMA });
  if (result.valid) return [];
  const messages = result.errors.map((error) => error.message);
  return messages.length > 0 ? messages : [result.rawOutput];
}

interface Transaction {
  PmtId: { EndToEndId: string };
  InstdAmt: { '#text': string; '@_Ccy': string };
  DrctDbtTx: { MndtRltdInf: { MndtId: string; DtOfSgntr: string; AmdmntInd: string; AmdmntInfDtls?: Record<string, unknown> } };
  DbtrAgt: { FinInstnId: Record<string, unknown> };
  Dbtr: { Nm: string; PstlAdr?: Record<string, string> };
  DbtrAcct: { Id: { IBAN: string } };
  RmtInf?: { Ustrd: string };
}
interface Block { PmtInfId: string; NbOfTxs: string; CtrlSum: string; PmtTpInf: { SeqTp: string }; ReqdColltnDt: string; DrctDbtTxInf: Transaction[] }
interface Parsed { Document: { CstmrDrctDbtInitn: { GrpHdr: { NbOfTxs: string; CtrlSum: string; InitgPty: { Nm: string } }; PmtInf: Block[] } } }

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'PmtInf' || name === 'DrctDbtTxInf' });
const read = (xml: string) => (parser.parse(xml) as Parsed).Document.CstmrDrctDbtInitn;
/** The file's decimal euros back in cents, without floats: every amount has two decimals. */
const cents = (amount: string) => Number(amount.replace('.', ''));

const CREDITOR = { name: 'Musikschule Müller & Söhne e.V.', iban: 'DE89 3704 0044 0532 0130 00', creditorId: 'DE98ZZZ09999999999' };
const debit = (overrides: Partial<CollectionDebit> = {}): CollectionDebit => ({
  endToEndId: 'COLL-2026-12-A1',
  amountCents: 4500,
  mandateReference: 'MNDT-A1',
  mandateSignedOn: '2026-03-01',
  sequence: 'RCUR',
  debtorName: 'Anna Schmidt',
  debtorIban: 'DE02120300000000202051',
  remittance: 'Unterricht Dezember 2026',
  ...overrides,
});
const collection = (debits: CollectionDebit[], overrides: Partial<CollectionFile> = {}): CollectionFile => ({
  messageId: 'COLL-2026-12',
  createdAt: '2026-12-06T14:00:00',
  collectionDate: '2026-12-20',
  creditor: CREDITOR,
  debits,
  ...overrides,
});

const MIXED = collection([
  debit({ endToEndId: 'COLL-2026-12-R1', debtorName: 'Ольга Петрова', debtorIban: 'de02 1203 0000 0000 2020 51', remittance: "Beitrag Dezember, O'Brien & Co" }),
  debit({ endToEndId: 'COLL-2026-12-F1', sequence: 'FRST', amountCents: 12345, debtorName: 'Jürgen Müßig', mandateReference: 'MNDT-F1' }),
  debit({ endToEndId: 'COLL-2026-12-R2', amountCents: 10, mandateReference: 'MNDT-R2-NEW', amendment: { originalMandateReference: 'MNDT-R2' } }),
  debit({ endToEndId: 'COLL-2026-12-R3', amountCents: 20, mandateReference: 'MNDT-R3', amendment: { originalIban: 'DE89 3704 0044 0532 0130 00' } }),
  debit({ endToEndId: 'COLL-2026-12-F2', sequence: 'FRST', amountCents: 999, mandateReference: 'MNDT-F2', amendment: { otherBank: true } }),
  debit({
    endToEndId: 'COLL-2026-12-F3',
    sequence: 'FRST',
    amountCents: 7000,
    mandateReference: 'MNDT-F3',
    debtorName: 'Lea Meier',
    debtorIban: 'CH9300762011623852957',
    debtorBic: 'ubswchzh80a',
    debtorAddress: { country: 'ch', town: 'Zürich', postCode: '8001', street: 'Bahnhofstraße 1' },
  }),
]);

describe('the SEPA direct debit file (pain.008.001.08, DK GBIC_4)', () => {
  it('passes the DK schema with both sequence types, converted names, every kind of amendment and a debtor outside the EEA', async () => {
    const xml = pain008Xml(MIXED);
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain("<Ustrd>Beitrag Dezember, O&apos;Brien Co</Ustrd>");

    const file = read(xml);
    expect(file.GrpHdr.InitgPty.Nm).toBe('Musikschule Mueller Soehne e.V.');
    expect(file.PmtInf.map((block) => [block.PmtInfId, block.PmtTpInf.SeqTp, block.ReqdColltnDt])).toEqual([
      ['COLL-2026-12-FRST', 'FRST', '2026-12-20'],
      ['COLL-2026-12-RCUR', 'RCUR', '2026-12-20'],
    ]);
    for (const block of file.PmtInf) {
      expect(Number(block.NbOfTxs)).toBe(block.DrctDbtTxInf.length);
      expect(cents(block.CtrlSum)).toBe(block.DrctDbtTxInf.reduce((sum, tx) => sum + cents(tx.InstdAmt['#text']), 0));
    }
    expect(file.PmtInf.map((block) => [block.NbOfTxs, block.CtrlSum])).toEqual([['3', '203.44'], ['3', '45.30']]);
    expect([file.GrpHdr.NbOfTxs, file.GrpHdr.CtrlSum]).toEqual(['6', '248.74']);

    const byId = new Map(file.PmtInf.flatMap((block) => block.DrctDbtTxInf).map((tx) => [tx.PmtId.EndToEndId, tx]));
    const olga = byId.get('COLL-2026-12-R1');
    expect(olga?.Dbtr.Nm).toBe('Olga Petrova');
    expect(olga?.DbtrAcct.Id.IBAN).toBe('DE02120300000000202051');
    expect(olga?.RmtInf?.Ustrd).toBe("Beitrag Dezember, O'Brien Co");
    expect(olga?.DbtrAgt.FinInstnId).toEqual({ Othr: { Id: 'NOTPROVIDED' } });
    expect(olga?.DrctDbtTx.MndtRltdInf).toEqual({ MndtId: 'MNDT-A1', DtOfSgntr: '2026-03-01', AmdmntInd: 'false' });
    expect(byId.get('COLL-2026-12-F1')?.Dbtr.Nm).toBe('Juergen Muessig');
    expect(byId.get('COLL-2026-12-R2')?.DrctDbtTx.MndtRltdInf.AmdmntInfDtls).toEqual({ OrgnlMndtId: 'MNDT-R2' });
    expect(byId.get('COLL-2026-12-R3')?.DrctDbtTx.MndtRltdInf.AmdmntInfDtls).toEqual({ OrgnlDbtrAcct: { Id: { IBAN: 'DE89370400440532013000' } } });
    const otherBank = byId.get('COLL-2026-12-F2')?.DrctDbtTx.MndtRltdInf;
    expect(otherBank?.AmdmntInd).toBe('true');
    expect(otherBank?.AmdmntInfDtls).toEqual({ OrgnlDbtrAcct: { Id: { Othr: { Id: 'SMNDA' } } } });
    const swiss = byId.get('COLL-2026-12-F3');
    expect(swiss?.DbtrAgt.FinInstnId).toEqual({ BICFI: 'UBSWCHZH80A' });
    expect(swiss?.Dbtr.PstlAdr).toEqual({ StrtNm: 'Bahnhofstrasse 1', PstCd: '8001', TwnNm: 'Zuerich', Ctry: 'CH' });
  });

  it('writes amounts exactly, from one cent to millions', async () => {
    expect([euros(1), euros(10), euros(30), euros(123456789), euros(0)]).toEqual(['0.01', '0.10', '0.30', '1234567.89', '0.00']);
    const xml = pain008Xml(collection([
      debit({ endToEndId: 'A', amountCents: 1 }),
      debit({ endToEndId: 'B', amountCents: 10, sequence: 'FRST' }),
      debit({ endToEndId: 'C', amountCents: 20, sequence: 'FRST' }),
      debit({ endToEndId: 'D', amountCents: 123456789 }),
    ]));
    expect(await schemaErrors(xml)).toEqual([]);
    const file = read(xml);
    expect(file.PmtInf.map((block) => block.DrctDbtTxInf.map((tx) => [tx.InstdAmt['#text'], tx.InstdAmt['@_Ccy']]))).toEqual([
      [['0.10', 'EUR'], ['0.20', 'EUR']],
      [['0.01', 'EUR'], ['1234567.89', 'EUR']],
    ]);
    expect(file.PmtInf.map((block) => block.CtrlSum)).toEqual(['0.30', '1234567.90']);
    expect(file.GrpHdr.CtrlSum).toBe('1234568.20');
  });

  it('builds the same bytes from the same collection', () => {
    expect(pain008Xml(structuredClone(MIXED))).toBe(pain008Xml(MIXED));
  });

  it('converts texts to the Latin set and cuts them at their field length', () => {
    expect(sepaLatin('Ольга Петрова', 70)).toBe('Olga Petrova');
    expect(sepaLatin('Jürgen Müßig', 70)).toBe('Juergen Muessig');
    // The cut counts what the bank sees, and leaves no space at the end.
    expect(sepaLatin('Jürgen Müßig', 8)).toBe('Juergen');
    expect(sepaLatin('Müßig', 4)).toBe('Mues');
    expect(sepaLatin('x'.repeat(200), 140)).toHaveLength(140);
  });

  const refusals: [string, CollectionFile, RegExp][] = [
    ['no debits', collection([]), /no debits/],
    ['an amount of 0', collection([debit({ amountCents: 0 })]), /amount 0 must be a whole number of cents/],
    ['a negative amount', collection([debit({ amountCents: -100 })]), /amount -100 must be/],
    ['a fraction of a cent', collection([debit({ amountCents: 10.5 })]), /amount 10\.5 must be a whole number of cents/],
    ['a duplicate EndToEndId', collection([debit({ endToEndId: 'SAME' }), debit({ endToEndId: 'SAME', sequence: 'FRST' })]), /EndToEndId "SAME" appears twice/],
    ['an impossible collection date', collection([debit()], { collectionDate: '2026-02-30' }), /Collection date "2026-02-30" is not a date/],
    ['an impossible signature date', collection([debit({ mandateSignedOn: '2026-13-01' })]), /signature date "2026-13-01" is not a date/],
    ['a creation time without T and seconds', collection([debit()], { createdAt: '2026-12-06 14:00' }), /Creation time "2026-12-06 14:00" is not a date-time/],
    ['an EndToEndId with an underscore', collection([debit({ endToEndId: 'COLL_2026' })]), /EndToEndId "COLL_2026" is not a SEPA identifier/],
    ['a 36-character EndToEndId', collection([debit({ endToEndId: 'E'.repeat(36) })]), /EndToEndId "E{36}" is not a SEPA identifier/],
    ['a message ID with an umlaut', collection([debit()], { messageId: 'Sammlung-März' }), /Message ID "Sammlung-März" is not a SEPA identifier/],
    ['a mandate reference with &', collection([debit({ mandateReference: 'MNDT&1' })]), /mandate reference "MNDT&1" is not a SEPA identifier/],
    ['an original mandate reference with //', collection([debit({ amendment: { originalMandateReference: 'OLD//1' } })]), /original mandate reference "OLD\/\/1" is not a SEPA identifier/],
    ['an amendment that names no change', collection([debit({ amendment: {} })]), /amendment names no change/],
    ['an IBAN with wrong check digits', collection([debit({ debtorIban: 'DE02120300000000202052' })]), /debtor's account: the IBAN is not valid/],
    ['a Swiss IBAN without the BIC', collection([debit({ debtorIban: 'CH9300762011623852957' })]), /outside the EEA, so the BIC is required/],
    ['a Swiss IBAN without the address', collection([debit({ debtorIban: 'CH9300762011623852957', debtorBic: 'UBSWCHZH80A' })]), /outside the EEA, so the debtor's address is required/],
    ['a mandate signed after the collection date', collection([debit({ mandateSignedOn: '2026-12-21' })]), /signed after the collection date/],
    ['a creditor identifier with wrong check digits', collection([debit()], { creditor: { ...CREDITOR, creditorId: 'DE97ZZZ09999999999' } }), /wrong check digits/],
  ];
  it.each(refusals)('refuses %s and names the problem', (_case, file, problem) => {
    expect(() => pain008Xml(file)).toThrow(problem);
  });

  it('is checked by a validator that refuses what the DK schema refuses', async () => {
    const valid = pain008Xml(collection([debit()]));
    const tooLongId = valid.replace('<EndToEndId>COLL-2026-12-A1</EndToEndId>', `<EndToEndId>${'E'.repeat(36)}</EndToEndId>`);
    expect(tooLongId).not.toBe(valid);
    expect(await schemaErrors(valid)).toEqual([]);
    expect((await schemaErrors(tooLongId)).join('\n')).toMatch(/EndToEndId.*pattern/);
  });
});
