import { usableAsDocumentId } from '@family-portal/contract';

/** Whether a stored value can name a document (a stored id may be empty or malformed). */
export const isDocumentId = (id: string) => id !== '' && usableAsDocumentId(id);
