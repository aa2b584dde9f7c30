/**
 * Draws an EPC QR code off the page's main thread (lib/qrCode): choosing the code's best mask
 * is a single task of 25 to 45 ms here and four times that on a phone, which held up whatever
 * the parent did on the dashboard meanwhile.
 */
/// <reference lib="webworker" />
import QRCode from 'qrcode';
import type { QrCodeAnswer } from './qrCode';

self.onmessage = ({ data: payload }: MessageEvent<string>) => {
  QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width: 240 }).then(
    (svg): void => postMessage({ svg } satisfies QrCodeAnswer),
    (error: unknown): void => postMessage({ error: String(error) } satisfies QrCodeAnswer),
  );
};
