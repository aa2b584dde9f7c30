/** The font family lib/pdf.ts registers (Roboto: Latin, German and Cyrillic), apart so that a document names it without loading pdfmake. */
export const PDF_FONT = 'Roboto';
