/** The answer of lib/qrCode.worker: the code as SVG, or why it could not be drawn. */
export type QrCodeAnswer = { svg: string } | { error: string };

/**
 * Draws `payload` as a QR code in a worker of its own (qrCode.worker.ts), as an SVG data URL.
 * Calls `onDrawn` with it, or `onFailed`; returns what cancels the drawing.
 */
export function drawQrCode(payload: string, onDrawn: (dataUrl: string) => void, onFailed: (error: Error) => void): () => void {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./qrCode.worker.ts', import.meta.url), { type: 'module', name: 'qr-code' });
  } catch (error) {
    // No workers here (a test's DOM, a browser that forbids them).
    onFailed(error instanceof Error ? error : new Error(String(error)));
    return () => undefined;
  }
  worker.onmessage = ({ data }: MessageEvent<QrCodeAnswer>) => {
    worker.terminate();
    if ('svg' in data) onDrawn(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.svg)}`);
    else onFailed(new Error(data.error));
  };
  // A script that cannot load or run answers nothing: its error ends the wait.
  worker.onerror = (event) => {
    worker.terminate();
    onFailed(new Error(`The QR code worker failed: ${event.message}`));
  };
  worker.postMessage(payload);
  return () => worker.terminate();
}
