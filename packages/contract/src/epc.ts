/**
 * The EPC QR payload for a SEPA credit transfer (EPC069-12, as in design.md section 6): the
 * text a banking app reads from the QR code to fill in a transfer. One set of rules for the
 * portal's payment block and the payment-due e-mail (functions/src/notifications).
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

export interface SepaTransfer {
  recipientName: string;
  iban: string;
  bic: string;
  amount: number;
  /** Free-text remittance information: the member's primary name. */
  reference: string;
}

export class EpcError extends Error {}

const MAX_BYTES = 331;

/** Throws EpcError when a value cannot be put into a valid EPC QR code. */
export function epcPayload(transfer: SepaTransfer): string {
  const iban = electronicFormatIBAN(transfer.iban) ?? '';
  const bic = transfer.bic.replace(/\s+/g, '').toUpperCase();
  const name = transfer.recipientName.trim();
  const reference = transfer.reference.trim();
  if (!isValidIBAN(iban)) throw new EpcError(`invalid IBAN: ${transfer.iban}`);
  if (!isValidBIC(bic)) throw new EpcError(`invalid BIC: ${transfer.bic}`);
  if (name === '' || name.length > 70) throw new EpcError('recipient name must have 1 to 70 characters');
  if (reference.length > 140) throw new EpcError('reference must have at most 140 characters');
  const cents = Math.round(transfer.amount * 100);
  if (cents < 1 || cents > 99_999_999_999) throw new EpcError('amount must be between 0.01 and 999999999.99 EUR');
  const lines = [
    'BCD',
    '001',
    '1', // UTF-8
    'SCT',
    bic,
    name,
    iban,
    `EUR${(cents / 100).toFixed(2)}`,
    '', // purpose code
    '', // structured creditor reference (ISO 11649 RF… only)
    reference,
  ];
  // No trailing empty lines: a payment without reference ends with the amount and empty fields trimmed.
  while (lines[lines.length - 1] === '') lines.pop();
  const payload = lines.join('\n');
  if (new TextEncoder().encode(payload).length > MAX_BYTES) throw new EpcError(`payload exceeds ${MAX_BYTES} bytes`);
  return payload;
}

/** IBAN in groups of four for reading and copying: "DE89 3704 0044 0532 0130 00". */
export function formatIban(iban: string): string {
  return (electronicFormatIBAN(iban) ?? iban).replace(/(.{4})/g, '$1 ').trim();
}
