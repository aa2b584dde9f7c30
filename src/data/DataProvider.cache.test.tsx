// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annaMember } from '../test/fixtures';
import { absence, delivery } from '../test/noticeFixtures';
import { DataProvider, useData } from './DataProvider';
import { EMPTY } from './familyData';
import { forgetFirstRead, keepFirstRead, takeFirstRead } from './firstRead';
import { forgetKeptFamily, KEPT_FAMILY_KEY, keeperOf, keepNothingOfTheFamily, readKeptFamily } from './keptFamily';

/** Two stand-in stores: what this device kept, and the server, whose answer waits until released. */
type Store = Record<string, Array<Record<string, unknown>>>;
const stores = vi.hoisted(() => {
  const nothing: Store = {};
  return { cache: nothing, server: nothing, serverFails: false, release: () => {}, asked: [] as string[], denied: [] as string[] };
});

// The worker's store, run here on the stand-in Firestore below.
vi.mock('./firebase', async () => {
  const [fs, contract, { createFamilyStore }] = await Promise.all([import('firebase/firestore'), import('@family-portal/contract'), import('./familyStore')]);
  return { familyStore: async () => createFamilyStore(fs, {} as never, contract) };
});
vi.mock('firebase/firestore', () => {
  let released = new Promise<void>((resolve) => (stores.release = resolve));
  const readDoc = (store: 'cache' | 'server') => async (ref: { name: string; id: string }) => {
    stores.asked.push(store);
    if (store === 'server') {
      await released;
      if (stores.serverFails) throw new Error('unavailable');
    }
    const found = (stores[store][ref.name] ?? []).find((candidate) => candidate.id === ref.id);
    // As the SDK answers a document this device has not kept.
    if (!found && store === 'cache') throw Object.assign(new Error('Failed to get document from cache'), { code: 'unavailable' });
    const { id: _id, ...data } = found ?? {};
    return { id: ref.id, exists: () => !!found, data: () => data, get: (field: string) => data[field] };
  };
  const readDocs = (store: 'cache' | 'server') => async (q: { name: string }) => {
    stores.asked.push(store);
    if (store === 'server') await released;
    // As the rules refuse a collection to this account (its membership ended): the cache does not ask them.
    if (store === 'server' && stores.denied.includes(q.name)) throw Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
    return { docs: (stores[store][q.name] ?? []).map(({ id, ...data }) => ({ id, data: () => data })) };
  };
  return {
    collection: (_db: unknown, name: string) => ({ name }),
    doc: (_db: unknown, name: string, id: string) => ({ name, id }),
    documentId: () => 'documentId()',
    where: () => ({}),
    orderBy: () => ({}),
    limit: () => ({}),
    query: (ref: { name: string }) => ref,
    getDoc: readDoc('server'),
    getDocs: readDocs('server'),
    getDocFromCache: readDoc('cache'),
    getDocsFromCache: readDocs('cache'),
    reset: () => (released = new Promise<void>((resolve) => (stores.release = resolve))),
  };
});

const family = (balance: number) => ({
  member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
  members: [{ ...annaMember, id: 'M1', balance }],
});

let renders = 0;

function Balance() {
  const { member, loading, error, replaceMember, otherPayments, notices, correspondenceLoading } = useData();
  renders += 1;
  if (error) return <p>error: {error}</p>;
  if (loading && !member) return <p>loading</p>;
  return (
    <>
      <p>balance {member?.balance}</p>
      <p>phone {member?.phone}</p>
      <p>{otherPayments.length} other payments</p>
      <p>{correspondenceLoading ? 'notices loading' : `${notices.length} notices`}</p>
      {member && <button onClick={() => replaceMember({ ...member, phone: '+49 30 999' })}>save phone</button>}
    </>
  );
}

/** What the family's correspondence shows: the notices' count and the absences' reasons. */
function Correspondence() {
  const { notices, absences, correspondenceLoading, correspondenceError } = useData();
  if (correspondenceError) return <p role="alert">{correspondenceError}</p>;
  if (correspondenceLoading) return <p>notices loading</p>;
  return <p>{`${notices.length} notices; absences: ${absences.map((entry) => entry.reason).join(', ') || 'none'}`}</p>;
}

const show = () => render(<DataProvider email="anna@example.com"><Balance /></DataProvider>);

/** Nothing asked yet, and the server's reads held again until released. */
async function resetStores() {
  const fs = (await import('firebase/firestore')) as unknown as { reset: () => void };
  fs.reset();
  stores.serverFails = false;
  stores.asked = [];
  stores.denied = [];
}

describe('a returning parent (persistent local cache)', () => {
  beforeEach(resetStores);
  afterEach(() => stores.release());

  it('sees the figures this device kept at once, then the fresh ones from the server', async () => {
    stores.cache = family(-40);
    stores.server = family(25);
    show();
    expect(await screen.findByText('balance -40')).toBeInTheDocument();
    stores.release();
    expect(await screen.findByText('balance 25')).toBeInTheDocument();
    // The server is asked once the kept figures are read: one Firestore queue serves both.
    const firstServerRead = stores.asked.indexOf('server');
    expect(firstServerRead).toBeGreaterThan(0);
    expect(stores.asked.slice(firstServerRead)).not.toContain('cache');
  });

  it('renders the screens no second time when the server confirms the kept figures', async () => {
    stores.cache = family(-40);
    stores.server = family(-40);
    show();
    expect(await screen.findByText('balance -40')).toBeInTheDocument();
    const shown = renders;
    stores.release();
    // The index entry, then the twelve reads by member id (the school's closed days among them), all answered.
    await vi.waitFor(() => expect(stores.asked.filter((store) => store === 'server')).toHaveLength(13));
    await act(async () => undefined);
    expect(renders).toBe(shown);
    expect(screen.getByText('balance -40')).toBeInTheDocument();
  });

  it("keeps a parent's edit saved while the server's answer to the first read was still on its way", async () => {
    stores.cache = family(-40);
    stores.server = family(25);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'save phone' }));
    expect(screen.getByText('phone +49 30 999')).toBeInTheDocument();
    // The server's answer brings the rest; the member saved after that read began stays.
    stores.server = { ...family(25), otherPayments: [{ id: 'O1', memberId: 'M1', type: 'Bücherkaution', status: 'active', date: '2026-09-01', amount: 20 }] };
    stores.release();
    expect(await screen.findByText('1 other payments')).toBeInTheDocument();
    expect(screen.getByText('phone +49 30 999')).toBeInTheDocument();
    expect(screen.getByText('balance -40')).toBeInTheDocument();
  });

  it('on a first visit (nothing kept) waits for the server', async () => {
    stores.cache = {};
    stores.server = family(25);
    show();
    expect(screen.getByText('loading')).toBeInTheDocument();
    stores.release();
    expect(await screen.findByText('balance 25')).toBeInTheDocument();
  });

  it('keeps the kept figures on screen when the server cannot be reached, and keeps nothing new of them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stores.cache = family(-40);
    stores.server = family(25);
    stores.serverFails = true;
    show();
    expect(await screen.findByText('balance -40')).toBeInTheDocument();
    stores.release();
    await vi.waitFor(() => expect(console.error).toHaveBeenCalledWith('Loading the family data failed', expect.any(Error)));
    expect(screen.getByText('balance -40')).toBeInTheDocument();
    // The page keeps only what the server answered.
    expect(localStorage.getItem(KEPT_FAMILY_KEY)).toBeNull();
  });

  it('without kept figures, a server failure is the spec message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stores.cache = {};
    stores.server = family(25);
    stores.serverFails = true;
    show();
    stores.release();
    expect(await screen.findByText('error: Failed to fetch member data')).toBeInTheDocument();
  });
});

describe('a parent who has just signed in on this page', () => {
  beforeEach(async () => {
    await resetStores();
    stores.cache = family(-40);
    stores.server = family(25);
  });
  afterEach(() => {
    forgetFirstRead();
    stores.release();
  });

  const readAtSignIn = (balance: number) => ({ ...EMPTY, member: { ...annaMember, id: 'M1', balance } });

  it('shows the figures asked for at sign-in, without reading them again', async () => {
    keepFirstRead('anna@example.com', Promise.resolve(readAtSignIn(60)));
    show();
    // The server's reads are held: what shows came from the sign-in's read.
    expect(await screen.findByText('balance 60')).toBeInTheDocument();
    expect(stores.asked).not.toContain('cache');
    // Taken once: a later load of the page reads anew.
    expect(takeFirstRead('anna@example.com')).toBeUndefined();
  });

  it("reads for itself when the sign-in's read failed, or was another account's", async () => {
    keepFirstRead('anna@example.com', Promise.reject(new Error('unavailable')));
    show();
    expect(await screen.findByText('balance -40')).toBeInTheDocument();
    stores.release();
    expect(await screen.findByText('balance 25')).toBeInTheDocument();
    cleanup();

    keepFirstRead('other@example.com', Promise.resolve(readAtSignIn(60)));
    show();
    expect(await screen.findByText('balance 25')).toBeInTheDocument();
    expect(screen.queryByText('balance 60')).toBeNull();
  });
});

describe('the family as this page last showed it (keptFamily)', () => {
  // The figures' ten reads and the correspondence's three: after these, a keeper would have written.
  const everyReadAnswered = async () => {
    await vi.waitFor(() => expect(stores.asked.filter((store) => store === 'server')).toHaveLength(13));
    await act(async () => undefined);
  };

  beforeEach(resetStores);
  afterEach(() => stores.release());

  it('is kept once the server has answered, and the next visit shows it before Firestore answers anything', async () => {
    stores.cache = {};
    stores.server = family(25);
    show();
    stores.release();
    expect(await screen.findByText('balance 25')).toBeInTheDocument();
    await vi.waitFor(() => expect(readKeptFamily('anna@example.com')?.family.member?.balance).toBe(25));
    cleanup();

    // The next visit: Firestore's cache has nothing, and the server's reads are held.
    await resetStores();
    stores.server = family(30);
    show();
    expect(await screen.findByText('balance 25')).toBeInTheDocument();
    // Not asked of Firestore's cache: the page had it.
    expect(stores.asked).not.toContain('cache');
    stores.release();
    expect(await screen.findByText('balance 30')).toBeInTheDocument();
    await vi.waitFor(() => expect(readKeptFamily('anna@example.com')?.family.member?.balance).toBe(30));
  });

  it('shows figures kept before their notices came, and the notices as loading until the server answers', async () => {
    stores.cache = {};
    stores.server = family(25);
    keeperOf('anna@example.com')({ family: { ...EMPTY, member: { ...annaMember, id: 'M1', balance: -40 } }, withCorrespondence: false });
    show();
    expect(await screen.findByText('balance -40')).toBeInTheDocument();
    expect(screen.getByText('notices loading')).toBeInTheDocument();
    stores.release();
    expect(await screen.findByText('0 notices')).toBeInTheDocument();
    expect(screen.getByText('balance 25')).toBeInTheDocument();
    await vi.waitFor(() => expect(readKeptFamily('anna@example.com')).toMatchObject({ withCorrespondence: true, family: { member: { balance: 25 } } }));
  });

  it('is deleted when the server no longer gives the account a member', async () => {
    stores.cache = {};
    stores.server = {};
    keeperOf('anna@example.com')({ family: { ...EMPTY, member: { ...annaMember, id: 'M1', balance: -40 } }, withCorrespondence: true });
    show();
    expect(await screen.findByText('balance -40')).toBeInTheDocument();
    stores.release();
    await waitFor(() => expect(screen.queryByText('balance -40')).toBeNull());
    // Deleted by the effect after that render, which may come a moment after the screen changed.
    await waitFor(() => expect(localStorage.getItem(KEPT_FAMILY_KEY)).toBeNull());
  });

  it('is deleted at the first refused read of its notices and absences (the membership ended), and not kept again', async () => {
    stores.cache = {};
    stores.server = family(25);
    stores.denied = ['notice_deliveries', 'absences'];
    const member = { ...annaMember, id: 'M1', balance: -40 };
    keeperOf('anna@example.com')({ family: { ...EMPTY, member, notices: [delivery('N1', { memberId: 'M1' })], absences: [absence('A1', { memberId: 'M1', reason: 'Grippe' })] }, withCorrespondence: true });
    render(
      <DataProvider email="anna@example.com">
        <Correspondence />
      </DataProvider>,
    );
    expect(await screen.findByText('1 notices; absences: Grippe')).toBeInTheDocument();
    stores.release();
    expect(await screen.findByText('0 notices; absences: none')).toBeInTheDocument();
    await everyReadAnswered();
    expect(localStorage.getItem(KEPT_FAMILY_KEY)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("keeps the parent's edits with the server's figures", async () => {
    stores.cache = {};
    stores.server = family(25);
    show();
    stores.release();
    await userEvent.click(await screen.findByRole('button', { name: 'save phone' }));
    await vi.waitFor(() => expect(readKeptFamily('anna@example.com')?.family.member?.phone).toBe('+49 30 999'));
  });

  it('keeps nothing on a shared computer, and nothing after the session ended', async () => {
    stores.cache = {};
    stores.server = family(25);
    keepNothingOfTheFamily(true);
    try {
      show();
      stores.release();
      expect(await screen.findByText('balance 25')).toBeInTheDocument();
      await everyReadAnswered();
      expect(localStorage.getItem(KEPT_FAMILY_KEY)).toBeNull();
    } finally {
      keepNothingOfTheFamily(false);
    }
    cleanup();

    await resetStores();
    show();
    // The session ends while the first read is on its way: its answer is not kept.
    forgetKeptFamily();
    stores.release();
    expect(await screen.findByText('balance 25')).toBeInTheDocument();
    await everyReadAnswered();
    expect(localStorage.getItem(KEPT_FAMILY_KEY)).toBeNull();
  });
});
