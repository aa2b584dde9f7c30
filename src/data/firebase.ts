/**
 * The one place that initialises Firebase, on first use. Nothing of Firebase is part of the
 * first page's JavaScript: the login form paints and works without it, Auth (about 47 kB gzipped
 * with the app) loads when the form is used or a session may exist (AuthProvider), and Firestore,
 * in a worker, as someone signs in.
 */
import type { FirebaseApp } from 'firebase/app';
import type { Auth, User } from 'firebase/auth';
import type { Remote } from 'comlink';
import type { TokenSource } from './authFromPage';
import type { FamilyStore } from './familyStore';
import { forgetFirstRead, keepFirstRead } from './firstRead';
import { forgetKeptFamily, keepNothingOfTheFamily, keepsNothing } from './keptFamily';
import { memoryCacheForTests } from './testCache';
import type { FirestoreWorker } from './firestore.worker';
import { appConfig } from '../lib/config';

let appPromise: Promise<FirebaseApp> | undefined;
let authPromise: Promise<Auth> | undefined;
/** The latest clearLocalData (it never rejects); a new Firestore starts after it. */
let closing: Promise<void> = Promise.resolve();

function getFirebaseApp(): Promise<FirebaseApp> {
  appPromise ??= import('firebase/app').then(({ initializeApp }) => initializeApp(appConfig.firebase));
  return appPromise;
}

let authAsked: () => void = () => undefined;
/** Settles when something first asks for Auth: a sign-in or reset on a public page, or the session's own start. */
export const authRequested = new Promise<void>((resolve) => (authAsked = resolve));

/** Firebase Auth, connected to the emulator when configured. */
export function getAuth(): Promise<Auth> {
  authAsked();
  authPromise ??= Promise.all([getFirebaseApp(), import('firebase/auth')]).then(
    ([app, { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth }]) => {
      // initializeAuth instead of getAuth: getAuth also installs the popup/redirect resolver, which
      // loads apis.google.com/js/api.js on every page. The portal signs in with e-mail and password
      // only, so it needs persistence (IndexedDB, else localStorage) and nothing from that origin.
      const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
      if (appConfig.useEmulators) connectAuthEmulator(auth, `http://${appConfig.emulatorHost}:9099`, { disableWarnings: true });
      return auth;
    },
  );
  return authPromise;
}

/**
 * "This is a shared computer" (chosen on the sign-in form): the session keeps nothing on the
 * device, so Firestore caches in memory only. Firestore may already be open from the typing
 * that came before the choice; its database is then deleted, and the next use opens it anew.
 * The choice is kept with what the page keeps of the family (keptFamily), which keeps nothing then.
 */
export async function keepNothingOnThisDevice(on: boolean): Promise<void> {
  const changed = keepsNothing() !== on;
  keepNothingOfTheFamily(on);
  if (changed && on) await clearLocalData();
}

interface OpenWorker {
  worker: Worker;
  remote: Promise<Remote<FirestoreWorker>>;
  stopListening: () => void;
}

let firestoreWorker: OpenWorker | undefined;

/**
 * Firestore, in a worker of this page (data/firestore.worker.ts) with a persistent local cache,
 * so a returning parent sees the last figures at once (in memory only on a shared computer, in
 * a second tab, see the worker, or in the browser tests that ask for it: testCache); connected
 * to the emulator when configured. This page's Auth tells the worker who is signed in and gives
 * it the ID token it asks for.
 */
function openFirestoreWorker(): Promise<Remote<FirestoreWorker>> {
  if (firestoreWorker) return firestoreWorker.remote;
  const worker = new Worker(new URL('../data/firestore.worker.ts', import.meta.url), { type: 'module', name: 'firestore' });
  // A worker whose script cannot load or run answers nothing: its error ends the wait. Listened
  // for at once: a script that is missing or fails fails while Auth and Comlink still load.
  const failed = new Promise<never>((_, reject) =>
    worker.addEventListener('error', (event) => reject(new Error(`The Firestore worker failed: ${event.message}`)), { once: true }),
  );
  failed.catch(() => undefined);
  const opening: OpenWorker = { worker, remote: Promise.resolve() as never, stopListening: () => undefined };
  // A Firestore still closing would hold the cache's database: wait for it.
  opening.remote = closing.then(async () => {
    const [auth, { onIdTokenChanged }, Comlink] = await Promise.all([getAuth(), import('firebase/auth'), import('comlink')]);
    const remote = Comlink.wrap<FirestoreWorker>(worker);
    const tokens: TokenSource = async (forceRefresh) => {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
    };
    const inMemory = keepsNothing() || memoryCacheForTests(appConfig.useEmulators, document.cookie);
    await Promise.race([remote.open(inMemory, Comlink.proxy(tokens)), failed]);
    // Who is signed in goes at once, before any read can be asked (reads follow this promise,
    // and every later change is posted before the screens react to it); the token follows.
    const report = (user: User | null) => {
      void remote.userChanged(user?.uid ?? null);
      if (user) void user.getIdToken().then((token) => remote.tokenChanged(user.uid, token), () => undefined);
    };
    await auth.authStateReady();
    report(auth.currentUser);
    if (firestoreWorker === opening) opening.stopListening = onIdTokenChanged(auth, report);
    return remote;
  });
  firestoreWorker = opening;
  return opening.remote;
}

/** What the signed-in screens read, from the worker. */
export async function familyStore(): Promise<FamilyStore> {
  const [remote, { proxy }] = await Promise.all([openFirestoreWorker(), import('comlink')]);
  return {
    readFamily: (email, cacheFirst, onCached) => remote.readFamily(email, cacheFirst, proxy(onCached)),
    readCorrespondence: (memberId) => remote.readCorrespondence(memberId),
    readOlderNotices: (memberId, after) => remote.readOlderNotices(memberId, after),
    readNotice: (memberId, noticeId) => remote.readNotice(memberId, noticeId),
    isAdmin: (email) => remote.isAdmin(email),
    readBooking: (query) => remote.readBooking(query),
    readOfficeTimetable: () => remote.readOfficeTimetable(),
    readDirectDebit: (memberId) => remote.readDirectDebit(memberId),
    readCollectionRuns: () => remote.readCollectionRuns(),
    readRunDebits: (runId) => remote.readRunDebits(runId),
  };
}

/**
 * Asks for the family's figures as soon as `user` has signed in on this page, before the signed-in
 * frame has loaded and rendered; its DataProvider takes the answer (data/firstRead).
 */
export function readFamilyOnSignIn(user: User): void {
  const email = user.email ?? '';
  const read = Promise.all([openFirestoreWorker(), import('comlink'), user.getIdToken()]).then(([remote, { proxy }, token]) => {
    // This page's Auth tells the worker of the new user a moment later (onIdTokenChanged), when
    // the page is busy rendering the signed-in frame; told here with the token, the read goes
    // out as that user without asking the page. The same report again changes nothing.
    void remote.userChanged(user.uid);
    void remote.tokenChanged(user.uid, token);
    return remote.readFamily(email, false, proxy(() => undefined));
  });
  keepFirstRead(email, read);
}

/** Starts the worker and its Firestore ahead of the first read (while the parent signs in). */
export function warmFirestore(): Promise<unknown> {
  return openFirestoreWorker();
}

/** The IndexedDB database of Firestore's persistent cache (named by the SDK: key, project, "main"). */
export const firestoreDatabaseName = () => `firestore/[DEFAULT]/${appConfig.firebase.projectId}/main`;

/**
 * Forgets the family's documents on this device: what the page kept of the family (keptFamily),
 * and Firestore's cache: ends this tab's Firestore and deletes the cache's database. Every tab
 * does so when its session ends (AuthProvider); a tab that still has the database open ends its
 * own Firestore on the deletion request (the SDK listens for it), and the deletion completes once
 * no tab holds it. Never loads Firestore's code for this.
 */
export function clearLocalData(): Promise<void> {
  const open = firestoreWorker;
  firestoreWorker = undefined;
  forgetFirstRead();
  forgetKeptFamily();
  const cleared = closing.then(async () => {
    if (open) {
      open.stopListening();
      await closeInTime(open.remote.then((remote) => remote.close()));
      // Ends the worker's connections to the database too, so the deletion below can go ahead.
      open.worker.terminate();
    }
    await deleteDatabase(firestoreDatabaseName());
  });
  closing = cleared;
  return cleared;
}


/**
 * How long a sign-out waits for the worker's Firestore to close before ending the worker. A
 * worker that never answers (stuck opening, or ended by the browser) would otherwise hold up the
 * sign-out and every later Firestore of this tab, which starts after it.
 */
export const CLOSE_LIMIT_MS = 3000;

/** Waits for `closed` for at most CLOSE_LIMIT_MS; a failure or a late answer is only logged. */
async function closeInTime(closed: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), CLOSE_LIMIT_MS)));
  try {
    if ((await Promise.race([closed, late])) === 'late') console.warn(`Firestore did not close within ${CLOSE_LIMIT_MS} ms; its worker is ended`);
  } catch (error) {
    console.warn('Firestore did not close cleanly', error);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once the deletion is done, or queued behind another tab's open connection. */
function deleteDatabase(name: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => {
      console.warn('The local cache could not be deleted', request.error);
      resolve();
    };
    request.onblocked = () => resolve();
  });
}
