/**
 * The bank's file for a run of direct debits: pain.008.001.08, CORE, as German banks take it (the
 * DK's Technical Validation Subset GBIC_4 of the DFÜ-Abkommen, Anlage 3 V3.7). Pure, so that the
 * office's upload and its tests build the very same bytes; the tests hold it to the DK's schema
 * (fixtures/). Names and texts reach the bank in the EPC basic Latin set, money as whole cents.
 */
import { creditorIdOf, creditorIdProblem } from '@family-portal/contract/creditor';
import { bankName } from '@family-portal/contract/sepaName';
import { accountProblem, ibanOf, needsBic, type AccountProblem } from '@family-portal/contract/sepaRules';

export interface CollectionCreditor { name: string; iban: string; bic?: string; creditorId: string }
export interface DebtorAddress { country: string; town: string; postCode?: string; street?: string }
export interface CollectionDebit {
  endToEndId: string; // unique in the file; the restricted set, at most 35
  amountCents: number; // whole cents, 1 or more
  mandateReference: string;
  mandateSignedOn: string; // YYYY-MM-DD
  sequence: 'FRST' | 'RCUR';
  debtorName: string; // as typed: converted to the Latin set here
  debtorIban: string; // as typed: spaces and lower case are fine
  debtorBic?: string;
  debtorAddress?: DebtorAddress; // required with an IBAN outside the EEA
  remittance: string;
  /** The family changed its mandate (new reference and/or new account) since the last collection. */
  amendment?: { originalMandateReference?: string; originalIban?: string; otherBank?: boolean };
}
/** createdAt: YYYY-MM-DDThh:mm:ss (the caller's clock, so that the module stays pure); collectionDate: YYYY-MM-DD. */
export interface CollectionFile { messageId: string; createdAt: string; collectionDate: string; creditor: CollectionCreditor; debits: CollectionDebit[] }

const SEQUENCES = ['FRST', 'RCUR'] as const;
/** GBIC_4's InstdAmt allows at most 999999999.99 EUR. */
const MAX_AMOUNT_CENTS = 99_999_999_999;
const ID_CHARACTERS = /^[A-Za-z0-9+?/\-:().,' ]{1,35}$/;
const ACCOUNT_PROBLEMS: Record<AccountProblem, string> = {
  ibanInvalid: 'the IBAN is not valid',
  ibanNotSepa: 'the IBAN is not in a SEPA country',
  bicRequired: 'the IBAN is outside the EEA, so the BIC is required (EPC SDD rulebook)',
  bicInvalid: 'the BIC is not valid',
};

/**
 * The text in the EPC basic Latin set (EPC217-08), which every SEPA bank must carry: Cyrillic
 * transliterated, umlauts as German banks write them (ü → ue), anything else dropped, then cut to
 * the field's length. bankName leaves only ASCII, so cutting UTF-16 units cuts whole characters.
 */
export function sepaLatin(text: string, maxLength: number): string {
  return bankName(text).slice(0, maxLength).trimEnd();
}

/** Cents as the file's decimal euros, by integer arithmetic: a float would turn 0.1 + 0.2 into 0.30000000000000004. */
export function euros(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Amount ${cents} is not a whole, non-negative number of cents.`);
  const rest = cents % 100;
  return `${(cents - rest) / 100}.${String(rest).padStart(2, '0')}`;
}

/**
 * Identifiers (MsgId, PmtInfId, EndToEndId, MndtId) in GBIC_4's restricted set; the EPC's
 * implementation guidelines also forbid a leading or trailing '/' and '//' anywhere, and a space
 * at either end is one a bank may trim away.
 */
function checkedId(what: string, value: string): string {
  if (!ID_CHARACTERS.test(value) || value.trim() !== value || value.startsWith('/') || value.endsWith('/') || value.includes('//')) {
    throw new Error(`${what} "${value}" is not a SEPA identifier: 1 to 35 of A-Z a-z 0-9 + ? / - : ( ) . , ' and inner spaces, no leading, trailing or double "/".`);
  }
  return value;
}

function checkedDate(what: string, value: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = parts && new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  if (!day || day.toISOString().slice(0, 10) !== value) throw new Error(`${what} "${value}" is not a date (YYYY-MM-DD).`);
  return value;
}

function checkedDateTime(value: string): string {
  const parts = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(Z|[+-]\d{2}:\d{2})?$/.exec(value);
  if (!parts?.[1]) throw new Error(`Creation time "${value}" is not a date-time (YYYY-MM-DDThh:mm:ss).`);
  checkedDate('Creation time', parts[1]);
  return value;
}

function checkedText(what: string, text: string, maxLength: number): string {
  const latin = sepaLatin(text, maxLength);
  if (latin === '') throw new Error(`${what} has no character the bank's Latin set can carry.`);
  return latin;
}

function checkedAccount(what: string, iban: string, bic: string | undefined): { iban: string; bic: string | undefined } {
  const problem = accountProblem(iban, bic);
  // The message names whose account it is, never the IBAN: errors reach logs.
  if (problem) throw new Error(`${what}: ${ACCOUNT_PROBLEMS[problem]}.`);
  const cleanBic = bic?.replace(/\s+/g, '').toUpperCase();
  return { iban: ibanOf(iban), bic: cleanBic || undefined };
}

/** An element with either its text (escaped when rendered) or its children; false ones are left out. */
interface Xml { name: string; text?: string; attributes?: string; children: Xml[] }
const leaf = (name: string, text: string, attributes?: string): Xml => ({ name, text, attributes, children: [] });
const node = (name: string, ...children: (Xml | false | undefined)[]): Xml => ({ name, children: children.filter((child): child is Xml => !!child) });

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

function render(element: Xml, indent: string): string {
  const open = `${indent}<${element.name}${element.attributes ? ` ${element.attributes}` : ''}>`;
  if (element.text !== undefined) return `${open}${escapeXml(element.text)}</${element.name}>`;
  return [open, ...element.children.map((child) => render(child, `${indent}  `)), `${indent}</${element.name}>`].join('\n');
}

/** GBIC_4 makes the agent mandatory; without a BIC (enough within the EEA) it says NOTPROVIDED. */
const agent = (name: string, bic: string | undefined) =>
  node(name, node('FinInstnId', bic ? leaf('BICFI', bic) : node('Othr', leaf('Id', 'NOTPROVIDED'))));

/**
 * The reason for an amendment (DK usage rules in the schema): the old mandate reference, and for a
 * new account either its old IBAN (same bank) or SMNDA in OrgnlDbtrAcct/Id/Othr/Id (another
 * bank, which then has no OrgnlDbtrAgt and no old IBAN: the new bank never held it).
 */
function amendment(where: string, change: NonNullable<CollectionDebit['amendment']>): Xml {
  const { originalMandateReference, originalIban, otherBank } = change;
  if (originalMandateReference === undefined && originalIban === undefined && !otherBank) {
    throw new Error(`${where}: the amendment names no change (original mandate reference, original IBAN or another bank).`);
  }
  if (originalIban !== undefined && ['ibanInvalid', 'ibanNotSepa'].includes(accountProblem(originalIban, null) ?? '')) {
    throw new Error(`${where}: the original IBAN of the amendment is not a valid SEPA IBAN.`);
  }
  const account = otherBank
    ? node('Id', node('Othr', leaf('Id', 'SMNDA')))
    : originalIban !== undefined && node('Id', leaf('IBAN', ibanOf(originalIban)));
  return node(
    'AmdmntInfDtls',
    originalMandateReference !== undefined && leaf('OrgnlMndtId', checkedId(`${where}: original mandate reference`, originalMandateReference)),
    account && node('OrgnlDbtrAcct', account),
  );
}

function address(where: string, given: DebtorAddress): Xml {
  const country = given.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new Error(`${where}: the country "${given.country}" is not a two-letter ISO code.`);
  // GBIC_4 takes structured addresses only (no AdrLine), with at least the town and the country.
  const street = given.street === undefined ? '' : sepaLatin(given.street, 70);
  const postCode = given.postCode === undefined ? '' : sepaLatin(given.postCode, 16);
  return node(
    'PstlAdr',
    street !== '' && leaf('StrtNm', street),
    postCode !== '' && leaf('PstCd', postCode),
    leaf('TwnNm', checkedText(`${where}: the town`, given.town, 35)),
    leaf('Ctry', country),
  );
}

function transaction(debit: CollectionDebit, collectionDate: string): Xml {
  const where = `Debit ${debit.endToEndId}`;
  const signedOn = checkedDate(`${where}: the mandate's signature date`, debit.mandateSignedOn);
  if (signedOn > collectionDate) throw new Error(`${where}: the mandate was signed after the collection date.`);
  const account = checkedAccount(`${where}: the debtor's account`, debit.debtorIban, debit.debtorBic);
  // Outside the EEA the EPC rulebook wants the debtor's address as well as the BIC.
  if (needsBic(account.iban) && !debit.debtorAddress) throw new Error(`${where}: the IBAN is outside the EEA, so the debtor's address is required (EPC SDD rulebook).`);
  const remittance = sepaLatin(debit.remittance, 140);
  return node(
    'DrctDbtTxInf',
    node('PmtId', leaf('EndToEndId', debit.endToEndId)),
    leaf('InstdAmt', euros(debit.amountCents), 'Ccy="EUR"'),
    node(
      'DrctDbtTx',
      node(
        'MndtRltdInf',
        leaf('MndtId', checkedId(`${where}: mandate reference`, debit.mandateReference)),
        leaf('DtOfSgntr', signedOn),
        leaf('AmdmntInd', debit.amendment ? 'true' : 'false'),
        debit.amendment && amendment(where, debit.amendment),
      ),
    ),
    agent('DbtrAgt', account.bic),
    node('Dbtr', leaf('Nm', checkedText(`${where}: the debtor's name`, debit.debtorName, 70)), debit.debtorAddress && address(where, debit.debtorAddress)),
    node('DbtrAcct', node('Id', leaf('IBAN', account.iban))),
    remittance !== '' && node('RmtInf', leaf('Ustrd', remittance)),
  );
}

function sumOf(debits: CollectionDebit[]): number {
  const cents = debits.reduce((sum, debit) => sum + debit.amountCents, 0);
  if (!Number.isSafeInteger(cents)) throw new Error('The sum of the debits is too large to count in whole cents.');
  return cents;
}

/**
 * The whole file, or an Error naming what is wrong with the input. One PmtInf per sequence type
 * (FRST before RCUR), since SeqTp sits on the block; no clock is read, so a rebuild gives the same bytes.
 */
export function pain008Xml(file: CollectionFile): string {
  const messageId = checkedId('Message ID', file.messageId);
  const createdAt = checkedDateTime(file.createdAt);
  const collectionDate = checkedDate('Collection date', file.collectionDate);
  if (file.debits.length === 0) throw new Error('The collection has no debits: a bank file needs at least one.');
  const seen = new Set<string>();
  for (const debit of file.debits) {
    const where = `Debit ${checkedId('EndToEndId', debit.endToEndId)}`;
    if (seen.has(debit.endToEndId)) throw new Error(`EndToEndId "${debit.endToEndId}" appears twice: each debit needs its own.`);
    seen.add(debit.endToEndId);
    if (!Number.isSafeInteger(debit.amountCents) || debit.amountCents <= 0 || debit.amountCents > MAX_AMOUNT_CENTS) {
      throw new Error(`${where}: the amount ${debit.amountCents} must be a whole number of cents from 1 to ${MAX_AMOUNT_CENTS}.`);
    }
    if (!SEQUENCES.some((sequence) => sequence === debit.sequence)) throw new Error(`${where}: the sequence "${debit.sequence}" is neither FRST nor RCUR.`);
  }
  const { creditor } = file;
  const creditorName = checkedText("The creditor's name", creditor.name, 70);
  const creditorAccount = checkedAccount("The creditor's account", creditor.iban, creditor.bic);
  const idProblem = creditorIdProblem(creditor.creditorId);
  if (idProblem) throw new Error(idProblem);

  const blocks = SEQUENCES.map((sequence) => ({ sequence, debits: file.debits.filter((debit) => debit.sequence === sequence) }))
    .filter((block) => block.debits.length > 0);

  const paymentInfo = blocks.map(({ sequence, debits }) =>
    node(
      'PmtInf',
      // Cut so that the suffix always fits: the two blocks' IDs differ in it.
      leaf('PmtInfId', checkedId('Payment information ID', `${messageId.slice(0, 30).trimEnd()}-${sequence}`)),
      leaf('PmtMtd', 'DD'),
      leaf('NbOfTxs', String(debits.length)),
      leaf('CtrlSum', euros(sumOf(debits))),
      node('PmtTpInf', node('SvcLvl', leaf('Cd', 'SEPA')), node('LclInstrm', leaf('Cd', 'CORE')), leaf('SeqTp', sequence)),
      leaf('ReqdColltnDt', collectionDate),
      node('Cdtr', leaf('Nm', creditorName)),
      node('CdtrAcct', node('Id', leaf('IBAN', creditorAccount.iban))),
      agent('CdtrAgt', creditorAccount.bic),
      leaf('ChrgBr', 'SLEV'),
      node('CdtrSchmeId', node('Id', node('PrvtId', node('Othr', leaf('Id', creditorIdOf(creditor.creditorId)), node('SchmeNm', leaf('Prtry', 'SEPA')))))),
      ...debits.map((debit) => transaction(debit, collectionDate)),
    ),
  );
  const header = node(
    'GrpHdr',
    leaf('MsgId', messageId),
    leaf('CreDtTm', createdAt),
    leaf('NbOfTxs', String(file.debits.length)),
    leaf('CtrlSum', euros(sumOf(file.debits))),
    node('InitgPty', leaf('Nm', creditorName)),
  );
  const document: Xml = { ...node('Document', node('CstmrDrctDbtInitn', header, ...paymentInfo)), attributes: 'xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"' };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(document, '')}\n`;
}
