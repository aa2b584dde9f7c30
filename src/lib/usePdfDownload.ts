/**
 * A button's "download as PDF": pdfmake (lib/pdf.ts) is fetched on the first click, the button
 * says it is busy meanwhile, and a failure is kept for the button to say so (the yearly
 * statement, a mandate's copy).
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { useState } from 'react';

export function usePdfDownload(what: string) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download(make: () => TDocumentDefinitions, fileName: string) {
    setBusy(true);
    setFailed(false);
    try {
      const document = make();
      const { downloadPdf } = await import('./pdf');
      await downloadPdf(document, fileName);
    } catch (error) {
      console.error(`Creating ${what} failed`, error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return { busy, failed, download };
}
