/**
 * The next quarter's offer as the plans page reads it: the app's own read (src/data/booking.ts)
 * through the web SDK as a signed-in parent, rules enforced — the catalogue by get, the quarter's
 * place counts and the family's requests, side by side. Each run is a new client, so no cache.
 */
import * as contract from '@family-portal/contract';
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import * as firestore from 'firebase/firestore';
import { readBooking } from '../../src/data/booking';
import { EMULATOR_HOST, PORTS, PROJECT_ID } from '../../tools/lib/stack';

export interface OfferRead {
  ms: number;
  offers: number;
  requests: number;
}

export async function readOfferAsParent(email: string, password: string, query: { memberId: string; quarterId: string; today: string }): Promise<OfferRead> {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, `offer-${email}-${Date.now()}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${EMULATOR_HOST}:${PORTS.auth}`, { disableWarnings: true });
  const db = firestore.getFirestore(app);
  firestore.connectFirestoreEmulator(db, EMULATOR_HOST, PORTS.firestore);
  await signInWithEmailAndPassword(auth, email, password);
  try {
    const started = performance.now();
    const booking = await readBooking(firestore, db, contract, { ...query, withPlaces: true });
    const ms = performance.now() - started;
    if (!booking) throw new Error(`${email} reads no offer for ${query.quarterId}`);
    return { ms, offers: booking.offers.length, requests: booking.requests.length };
  } finally {
    await firestore.terminate(db);
  }
}
