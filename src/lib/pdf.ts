/**
 * Renders and saves a PDF (the yearly statement, the copy of a mandate) with pdfmake. This
 * module is only ever imported dynamically, on the parent's click: pdfmake (~1 MB) and its fonts
 * stay out of /login's and every page's chunks.
 *
 * The font is pdfmake's own Roboto (Latin incl. German, and Cyrillic), shipped as Vite assets
 * and fetched from the app's origin, which the hosting CSP's connect-src 'self' allows; no
 * base64 font table in the JavaScript. Roboto Medium stands in for bold.
 */
import pdfMake from 'pdfmake/build/pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import mediumUrl from 'pdfmake/build/fonts/Roboto/Roboto-Medium.ttf?url';
import regularUrl from 'pdfmake/build/fonts/Roboto/Roboto-Regular.ttf?url';
import { PDF_FONT } from './pdfFont';

const absolute = (url: string) => new URL(url, document.baseURI).href;

let configured = false;

function configure() {
  if (configured) return;
  const regular = absolute(regularUrl);
  const bold = absolute(mediumUrl);
  pdfMake.addFonts({ [PDF_FONT]: { normal: regular, bold, italics: regular, bolditalics: bold } });
  // The fonts are the only URLs a document loads, and only from the app itself.
  pdfMake.setUrlAccessPolicy((url) => new URL(url).origin === window.location.origin);
  configured = true;
}

export async function downloadPdf(document: TDocumentDefinitions, fileName: string): Promise<void> {
  configure();
  await pdfMake.createPdf(document).download(fileName);
}
