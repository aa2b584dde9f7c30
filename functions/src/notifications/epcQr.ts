/**
 * The payment-due e-mail's EPC QR code: the same payload as the portal's payment block
 * (@family-portal/contract/epc), drawn as a PNG and sent as an inline attachment (`cid:`), which
 * mail programs show where HTML images from the web or `data:` addresses are blocked.
 */
import { epcPayload, type SepaTransfer } from '@family-portal/contract/epc';
import QRCode from 'qrcode';

export const EPC_QR_CID = 'epc-qr@family-portal';
export const EPC_QR_SIZE = 240;

/** The attachment, in the Trigger Email extension's (nodemailer's) form; null when the transfer cannot be a valid EPC code. */
export async function epcQrAttachment(transfer: SepaTransfer) {
  let payload: string;
  try {
    payload = epcPayload(transfer);
  } catch {
    return null;
  }
  // EPC069-12 asks for error correction level M; a quiet zone of four modules, as on the portal.
  const png = await QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: EPC_QR_SIZE });
  return { filename: 'sepa-qr.png', content: png.toString('base64'), encoding: 'base64', contentType: 'image/png', cid: EPC_QR_CID };
}
