/**
 * The data layer of spec section 7: the signed-in family's documents and the reference
 * collections, read once after sign-in and kept while the user moves between screens.
 */
import { isEqual } from 'es-toolkit/predicate';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { withAbsence, withoutAbsence, type FamilyAbsence } from '../domain/absences';
import { unreadCount, withReadAt } from '../domain/notices';
import type { Member } from '../domain/types';
import { familyStore } from './firebase';
import { EMPTY, type Correspondence, type FamilyData } from './familyData';
import { takeFirstRead } from './firstRead';
import { forgetKeptFamily, keeperOf, readKeptFamily } from './keptFamily';
import { CORRESPONDENCE_REFUSED, NOTICES_LOAD_ERROR } from './notices';

export interface DataState extends FamilyData {
  loading: boolean;
  /**
   * The family's notices, cancelled lessons and absences are still being read: they come after
   * its figures (familyData.loadCorrespondence), so a screen keeps their place meanwhile.
   */
  correspondenceLoading: boolean;
  /** The message of a failed read of the correspondence; the figures are shown all the same. */
  correspondenceError: string | null;
  /** The spec's message of the read that failed, e.g. 'Failed to fetch payments'. */
  error: string | null;
  /** Replaces the cached member after a successful updateMemberData. */
  replaceMember: (member: Member) => void;
  /**
   * Marks a notice read (at once when opened, then at the server's instant), or unread again
   * (null) when the server refused the mark.
   */
  applyReadMark: (noticeId: string, readAt: string | null) => void;
  /** A reported absence (the function's answer) joins the list; a withdrawn one leaves it. */
  applyAbsence: (absence: FamilyAbsence) => void;
  removeAbsence: (absenceId: string) => void;
}

/** For a read-only view of a family (the office's): no edit changes anything. */
export const NO_EDITS: Pick<DataState, 'correspondenceLoading' | 'correspondenceError' | 'replaceMember' | 'applyReadMark' | 'applyAbsence' | 'removeAbsence'> = {
  correspondenceLoading: false,
  correspondenceError: null,
  replaceMember: () => undefined,
  applyReadMark: () => undefined,
  applyAbsence: () => undefined,
  removeAbsence: () => undefined,
};

const correspondenceOf = ({ notices, cancellations, absences }: FamilyData): Correspondence => ({ notices, cancellations, absences });

/** The family's notices with one read mark set, or taken back (null). */
function markedRead(data: FamilyData, noticeId: string, readAt: string | null): FamilyData {
  return { ...data, notices: withReadAt(data.notices, noticeId, readAt), cancellations: withReadAt(data.cancellations, noticeId, readAt) };
}

export const DataContext = createContext<DataState | null>(null);

/**
 * What the frame around every screen shows of the family's data, each in its own context so that
 * a part of the frame renders again only when its own figure changes: whether the family is still
 * loading (the footer), and the number of unread notices (the navigation's badge). Neither renders
 * again when a read brings the notices, the absences or fresh figures, and the navigation not when
 * the figures arrive.
 */
const LoadingContext = createContext(true);
const UnreadContext = createContext(0);

/** Provides a family's data to the screens, and what the frame shows of it to the frame. */
export function DataContexts({ value, children }: { value: DataState; children: ReactNode }) {
  return (
    <DataContext.Provider value={value}>
      <LoadingContext.Provider value={value.loading}>
        <UnreadContext.Provider value={unreadCount(value.notices)}>{children}</UnreadContext.Provider>
      </LoadingContext.Provider>
    </DataContext.Provider>
  );
}

/** Whether the family's figures (or their error) are still to come. */
export const useFamilyLoading = (): boolean => useContext(LoadingContext);
/** The family's unread notices, for the navigation's badge. */
export const useUnreadNotices = (): number => useContext(UnreadContext);

export function DataProvider({ email, children }: { email: string; children: ReactNode }) {
  const [data, setData] = useState<FamilyData>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [correspondenceLoading, setCorrespondenceLoading] = useState(true);
  const [correspondenceError, setCorrespondenceError] = useState<string | null>(null);
  // Counts the parent's saved edits (contact data, read marks, absences): a read that began
  // before an edit must not undo it (with kept figures on screen, a parent can act before the
  // server's answer to the first read).
  const edits = useRef(0);
  // The family shown, for reading its correspondence again when a push says there is news.
  const memberId = useRef<string | null>(null);
  // Whether the server has answered on this page: only then is what is shown kept for the next visit.
  const answered = useRef(false);
  const keep = useMemo(() => keeperOf(email), [email]);
  // Every read renders as a transition: React renders the dashboard in slices of a few ms between
  // which the page stays responsive, not in one task that blocked a phone for 150 ms and more
  // (the first figures too: the bench's blocking time, docs/performance.md). An answer equal to
  // what is shown (the server confirming the kept figures) renders nothing. Except the figures
  // that follow "Sign in": the parent waits for them with nothing else to do, and rendered at once
  // they paint some 30 ms sooner than in slices (docs/performance.md).
  const unlessEdited = useCallback((editsAtStart: number, read: FamilyData, { withCorrespondence, atSignIn = false }: { withCorrespondence: boolean; atSignIn?: boolean }) => {
    const render = atSignIn ? (update: () => void) => update() : startTransition;
    render(() => {
      setData((current) => {
        const next = { ...read };
        // The server's figures come without the correspondence (read after them): what is shown of it stays until then.
        if (!withCorrespondence) Object.assign(next, correspondenceOf(current));
        if (edits.current !== editsAtStart) Object.assign(next, { member: current.member }, correspondenceOf(current));
        return isEqual(next, current) ? current : next;
      });
      setLoading(false);
      // The kept figures come with what the device kept of the correspondence.
      if (withCorrespondence) setCorrespondenceLoading(false);
    });
  }, []);
  const correspondenceUnlessEdited = useCallback((editsAtStart: number, read: Correspondence) => {
    startTransition(() => {
      setData((current) => {
        if (edits.current !== editsAtStart) return current;
        const next = { ...current, ...read };
        return isEqual(next, current) ? current : next;
      });
      setCorrespondenceLoading(false);
    });
  }, []);

  const load = useCallback(
    async ({ cacheFirst = false }: { cacheFirst?: boolean } = {}) => {
      setLoading(true);
      setError(null);
      // What is on screen from this load.
      let shownFromCache = false;
      const editsAtStart = edits.current;
      let store: Awaited<ReturnType<typeof familyStore>>;
      let fresh: FamilyData;
      try {
        // Asked as the parent signed in on this page, if so: nothing was kept to show before it.
        const askedAtSignIn = takeFirstRead(email);
        // A returning parent sees the family as this page last showed it at once, without
        // waiting for the Firestore worker; the server's answer replaces it when it comes.
        const keptHere = cacheFirst && !askedAtSignIn ? readKeptFamily(email) : null;
        if (keptHere) {
          shownFromCache = true;
          unlessEdited(editsAtStart, keptHere.family, { withCorrespondence: keptHere.withCorrespondence });
        }
        store = await familyStore();
        // Else what Firestore's cache has of it (a first visit with this build), handed over first.
        const read = () =>
          store.readFamily(email, cacheFirst && !keptHere, (kept) => {
            shownFromCache = true;
            unlessEdited(editsAtStart, kept, { withCorrespondence: true });
          });
        fresh = await (askedAtSignIn?.catch((caught: unknown) => {
          console.warn("The family's figures asked for at sign-in did not come; reading them again", caught);
          return read();
        }) ?? read());
        answered.current = true;
        unlessEdited(editsAtStart, fresh, { withCorrespondence: false, atSignIn: askedAtSignIn !== undefined });
      } catch (caught) {
        console.error('Loading the family data failed', caught);
        // Figures from the cache stay on screen rather than give way to an error.
        // The reads' DataLoadError carries the spec's message (from the worker, as its name and message).
        if (!shownFromCache) setError(isDataLoadError(caught) ? caught.message : 'Failed to fetch member data');
        setLoading(false);
        return;
      }
      if (!fresh.member) {
        setCorrespondenceLoading(false);
        return;
      }
      memberId.current = fresh.member.id;
      // Asked once the figures are in: on the server, beside them, these reads would hold them up.
      try {
        setCorrespondenceError(null);
        const correspondence = await store.readCorrespondence(fresh.member.id);
        answered.current = true;
        correspondenceUnlessEdited(editsAtStart, correspondence);
      } catch (caught) {
        if (isDataLoadError(caught) && caught.message === CORRESPONDENCE_REFUSED) {
          // The membership has ended and the rules close its notices and absences: the screens
          // show none, and what this device kept of the family goes, which would otherwise show
          // them (an absence's reason among them) on every visit. Nothing more is kept meanwhile.
          forgetKeptFamily();
          startTransition(() => {
            setData((current) => ({ ...current, notices: [], cancellations: [], absences: [] }));
            setCorrespondenceLoading(false);
          });
          return;
        }
        // The figures stay, and what the device kept of the correspondence with them.
        console.error('Loading the notices and absences failed', caught);
        setCorrespondenceError(isDataLoadError(caught) ? caught.message : NOTICES_LOAD_ERROR);
        setCorrespondenceLoading(false);
      }
    },
    [email, unlessEdited, correspondenceUnlessEdited],
  );

  useEffect(() => {
    void load({ cacheFirst: true });
  }, [load]);

  // What the server answered, with the parent's edits since, is kept for the next visit as it is
  // shown: the figures as soon as they are (a parent may reload before the correspondence comes),
  // then with the correspondence. After a failed read of it, what was kept stays.
  useEffect(() => {
    if (!answered.current || loading || error || correspondenceError) return;
    keep({ family: data, withCorrespondence: !correspondenceLoading });
  }, [data, loading, error, correspondenceLoading, correspondenceError, keep]);

  // A push of a notice or a cancelled lesson arrived on this device (src/lib/pushHandlers.ts):
  // the notices are read again, and the navigation's unread count follows.
  useEffect(() => {
    const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => {
      const id = memberId.current;
      if ((event.data as { type?: unknown } | null)?.type !== 'push-arrived' || !id) return;
      const editsAtStart = edits.current;
      familyStore()
        .then((store) => store.readCorrespondence(id))
        .then((read) => correspondenceUnlessEdited(editsAtStart, read))
        // What is shown stays; the next load reads it anyway.
        .catch((caught: unknown) => console.warn('Reading the notices again after a push failed', caught));
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [correspondenceUnlessEdited]);

  const replaceMember = useCallback((member: Member) => {
    edits.current += 1;
    setData((current) => ({ ...current, member }));
  }, []);
  const applyReadMark = useCallback((noticeId: string, readAt: string | null) => {
    edits.current += 1;
    setData((current) => markedRead(current, noticeId, readAt));
  }, []);
  const applyAbsence = useCallback((absence: FamilyAbsence) => {
    edits.current += 1;
    setData((current) => ({ ...current, absences: withAbsence(current.absences, absence) }));
  }, []);
  const removeAbsence = useCallback((absenceId: string) => {
    edits.current += 1;
    setData((current) => ({ ...current, absences: withoutAbsence(current.absences, absenceId) }));
  }, []);
  const value = useMemo(
    () => ({ ...data, loading, correspondenceLoading, correspondenceError, error, replaceMember, applyReadMark, applyAbsence, removeAbsence }),
    [data, loading, correspondenceLoading, correspondenceError, error, replaceMember, applyReadMark, applyAbsence, removeAbsence],
  );
  return <DataContexts value={value}>{children}</DataContexts>;
}

const isDataLoadError = (error: unknown): error is Error => error instanceof Error && error.name === 'DataLoadError';

export function useData(): DataState {
  const state = useContext(DataContext);
  if (!state) throw new Error('useData must be used inside <DataProvider>');
  return state;
}
