/**
 * The Firestore functions the family's reads call, handed to them by the worker (tests hand in
 * the whole module, or wrap one function). Imported by name: the whole module, imported as a
 * namespace and handed on as a value, kept every part of Firestore in the worker's script, which
 * the page waits for on every load.
 */
import { collection, doc, documentId, getDoc, getDocFromCache, getDocs, getDocsFromCache, getDocsFromServer, limit, orderBy, query, startAfter, where } from 'firebase/firestore';

export const firestoreFunctions = { collection, doc, documentId, getDoc, getDocFromCache, getDocs, getDocsFromCache, getDocsFromServer, limit, orderBy, query, startAfter, where };

export type FirestoreFunctions = typeof firestoreFunctions;
