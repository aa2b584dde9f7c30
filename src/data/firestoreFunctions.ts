/**
 * The Firestore functions the family's reads call, handed to them by the worker (tests hand in
 * the whole module, or wrap one function). The worker imports exactly these by name: the whole
 * module, imported as a namespace and handed on as a value, kept every part of Firestore in the
 * worker's script, which the page waits for on every load.
 */
export type FirestoreFunctions = Pick<
  typeof import('firebase/firestore'),
  'collection' | 'doc' | 'documentId' | 'getDoc' | 'getDocFromCache' | 'getDocs' | 'getDocsFromCache' | 'getDocsFromServer' | 'limit' | 'orderBy' | 'query' | 'startAfter' | 'where'
>;
