/**
 * The offer as families read it: offer_catalogue/{quarterId}, one document per quarter that has
 * offers and is not over (its last day not before the school's today), copied from the offers,
 * lessons, room hours, teachers and quarters (families may read none of those collections whole).
 * Built from what Firestore holds once the tables have settled, after every sync: a catalogue
 * is written only when its content changed, and deleted when its quarter has no offer left or
 * is over. Beside each, its summary (offer_summary/{quarterId}: the last day of requests and the
 * courses' names), which the entries to booking read instead of the whole catalogue, kept the
 * same way. Free places are counted apart (offer_places, by the booking functions).
 *
 * An offer the catalogue cannot show (its lesson or quarter unknown, no room hour left, a second
 * offer of the same lesson in the quarter) is left out with a warning for the office.
 */
import { chunk } from 'es-toolkit/array';
import {
  DOCUMENT_SCHEMAS,
  OFFER_CATALOGUE,
  OFFER_SUMMARY,
  summaryOf,
  WEEKDAYS,
  type CatalogueOffer,
  type Offer,
  type OfferCatalogue,
  type RowNote,
} from '@family-portal/contract';
import type { DocumentSnapshot, Firestore, QuerySnapshot } from 'firebase-admin/firestore';
import { contentHash, HASH_FIELD } from '../firestore/contentHash';

type Lesson = { id: string; name: string; teacherId: string | null; hours: number | null; pricePerHour: number; extrasPerQuarter: number };
type RoomHour = { id: string; lessonId: string; dayOfWeek: string; hourRefLabel: string; roomName: string | null };
type Quarter = { id: string; name: string; firstDay: string; lastDay: string };

/** What the catalogue is made of, as Firestore holds it. */
export interface CatalogueSources {
  offers: Offer[];
  quarters: Quarter[];
  lessons: ReadonlyMap<string, Lesson>;
  /** Every room hour of the offered lessons. */
  roomHours: readonly RoomHour[];
  teachers: ReadonlyMap<string, { name: string }>;
}

export interface CatalogueRun {
  /** Catalogues written (new or changed) and deleted. */
  written: number;
  deleted: number;
  /** The quarters that have a catalogue now. */
  quarterIds: string[];
  /** Offers left out, or room hours of them, with the reason; per quarter. */
  warnings: Array<RowNote & { quarterId: string }>;
  /** Quarters whose catalogue this run wrote. */
  writtenQuarterIds: string[];
}

const GET_BATCH = 300;
/** Firestore's limit of values in an `in` filter. */
const IN_VALUES = 30;

const dayIndex = (day: string) => {
  const index = (WEEKDAYS as readonly string[]).indexOf(day);
  return index < 0 ? WEEKDAYS.length : index;
};
const leadingNumber = (label: string) => Number(/^\s*(\d+)/.exec(label)?.[1] ?? Number.MAX_SAFE_INTEGER);
/** Mo. to So., then by the hour label's leading number, as the plans page sorts them. */
const byTime = (a: RoomHour, b: RoomHour) =>
  dayIndex(a.dayOfWeek) - dayIndex(b.dayOfWeek) || leadingNumber(a.hourRefLabel) - leadingNumber(b.hourRefLabel) || a.id.localeCompare(b.id);

/**
 * The catalogues of the quarters that have offers and are not over, by quarter id, and why an
 * offer (or a room hour of one) was left out. Pure: the same sources make the same catalogues.
 */
export function buildCatalogues(sources: CatalogueSources, today: string): { catalogues: Map<string, OfferCatalogue>; warnings: CatalogueRun['warnings'] } {
  const warnings: CatalogueRun['warnings'] = [];
  const quarters = new Map(sources.quarters.map((quarter) => [quarter.id, quarter]));
  const roomHoursOf = new Map<string, RoomHour[]>();
  for (const roomHour of sources.roomHours) roomHoursOf.set(roomHour.lessonId, [...(roomHoursOf.get(roomHour.lessonId) ?? []), roomHour]);
  const catalogues = new Map<string, OfferCatalogue>();
  const lessonsOffered = new Map<string, string>();

  for (const offer of [...sources.offers].sort((a, b) => a.id.localeCompare(b.id))) {
    const quarter = quarters.get(offer.quarterId);
    const warn = (reason: string) => warnings.push({ table: 'offers', key: offer.id, reason, quarterId: offer.quarterId });
    if (!quarter) {
      warn(`column "Quarter ID": no quarter "${offer.quarterId}"; not offered`);
      continue;
    }
    if (quarter.lastDay < today) continue;
    const lesson = sources.lessons.get(offer.lessonId);
    if (!lesson) {
      warn(`column "Lesson ID": no lesson "${offer.lessonId}"; not offered`);
      continue;
    }
    const twin = lessonsOffered.get(`${quarter.id}\u0000${lesson.id}`);
    if (twin) {
      warn(`lesson "${lesson.id}" is offered in quarter "${quarter.id}" by offer "${twin}" already (one offer per lesson and quarter); not offered`);
      continue;
    }
    const ofLesson = roomHoursOf.get(lesson.id) ?? [];
    let roomHours = ofLesson;
    if (offer.roomHourIds.length > 0) {
      const known = new Map(ofLesson.map((roomHour) => [roomHour.id, roomHour]));
      roomHours = [];
      for (const id of new Set(offer.roomHourIds)) {
        const roomHour = known.get(id);
        if (roomHour) roomHours.push(roomHour);
        else warn(`column "Room Hour IDs": "${id}" is not a room hour of lesson "${lesson.id}"; left out`);
      }
    }
    if (roomHours.length === 0) {
      warn(`lesson "${lesson.id}" has no room hour to offer; not offered`);
      continue;
    }
    lessonsOffered.set(`${quarter.id}\u0000${lesson.id}`, offer.id);
    const entry: CatalogueOffer = {
      offerId: offer.id,
      lessonId: lesson.id,
      lessonName: lesson.name,
      teacherName: (lesson.teacherId && sources.teachers.get(lesson.teacherId)?.name) || null,
      hours: lesson.hours,
      pricePerHour: lesson.pricePerHour,
      extrasPerQuarter: lesson.extrasPerQuarter,
      weeks: offer.weeks,
      places: offer.places,
      requestsUntil: offer.requestsUntil,
      roomHours: [...roomHours].sort(byTime).map(({ id, dayOfWeek, hourRefLabel, roomName }) => ({ id, dayOfWeek, hourRefLabel, roomName })),
    };
    const catalogue = catalogues.get(quarter.id) ?? {
      quarter: { id: quarter.id, name: quarter.name, firstDay: quarter.firstDay, lastDay: quarter.lastDay },
      offers: [],
    };
    catalogue.offers.push(entry);
    catalogues.set(quarter.id, catalogue);
  }
  for (const catalogue of catalogues.values()) {
    catalogue.offers.sort((a, b) => a.lessonName.localeCompare(b.lessonName, 'de') || a.offerId.localeCompare(b.offerId));
  }
  return { catalogues, warnings };
}

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A stored document's fields as the contract reads them, or null (then it is not used). */
function parsed<T>(schema: Schema<T>, snapshot: DocumentSnapshot): T | null {
  const result = schema.safeParse({ ...snapshot.data(), id: snapshot.id });
  return result.success ? result.data : null;
}

async function getAll(db: Firestore, collection: string, ids: Iterable<string>): Promise<DocumentSnapshot[]> {
  const refs = [...new Set(ids)].map((id) => db.collection(collection).doc(id));
  // chunk() makes no empty batch, and none at all of no ids.
  return (await Promise.all(chunk(refs, GET_BATCH).map((batch) => db.getAll(...batch)))).flat();
}

/** Reads what the catalogues are made of: every offer and quarter, and only the offered lessons' documents. */
export async function readCatalogueSources(db: Firestore): Promise<CatalogueSources> {
  const [offerDocs, quarterDocs] = await Promise.all([db.collection('offers').get(), db.collection('quarters').get()]);
  const offers = offerDocs.docs.flatMap((doc) => parsed(DOCUMENT_SCHEMAS.offers, doc) ?? []);
  const quarters = quarterDocs.docs.flatMap((doc) => parsed(DOCUMENT_SCHEMAS.quarters, doc) ?? []);
  const lessonIds = [...new Set(offers.map((offer) => offer.lessonId))];
  const [lessonDocs, roomHourDocs] = await Promise.all([
    getAll(db, 'lessons', lessonIds),
    Promise.all(chunk(lessonIds, IN_VALUES).map((batch) => db.collection('roomHours').where('lessonId', 'in', batch).get())),
  ]);
  const lessons = new Map(lessonDocs.flatMap((doc) => (doc.exists ? (parsed(DOCUMENT_SCHEMAS.lessons, doc) ?? []) : [])).map((lesson) => [lesson.id, lesson]));
  const roomHours = roomHourDocs.flatMap((result) => result.docs.flatMap((doc) => parsed(DOCUMENT_SCHEMAS.roomHours, doc) ?? []));
  const teacherIds = [...lessons.values()].flatMap((lesson) => (lesson.teacherId ? [lesson.teacherId] : []));
  const teacherDocs = await getAll(db, 'teachers', teacherIds);
  const teachers = new Map(teacherDocs.flatMap((doc) => (doc.exists ? (parsed(DOCUMENT_SCHEMAS.teachers, doc) ?? []) : [])).map((teacher) => [teacher.id, teacher]));
  return { offers, quarters, lessons, roomHours, teachers };
}

/**
 * Brings offer_catalogue in line with the offers: writes the catalogues whose content changed,
 * deletes those of quarters without offers (or over). `today` is the school's day. A school
 * whose app has no Offers table (`withoutOffers`) offers nothing, whatever offers Firestore kept.
 */
export async function updateOfferCatalogues(db: Firestore, today: string, options: { withoutOffers?: boolean } = {}): Promise<CatalogueRun> {
  const [sources, stored, storedSummaries] = await Promise.all([
    options.withoutOffers ? null : readCatalogueSources(db),
    db.collection(OFFER_CATALOGUE).get(),
    db.collection(OFFER_SUMMARY).get(),
  ]);
  const { catalogues, warnings } = sources ? buildCatalogues(sources, today) : { catalogues: new Map<string, OfferCatalogue>(), warnings: [] };
  const hashesOf = (snapshot: QuerySnapshot) => new Map(snapshot.docs.map((doc) => [doc.id, doc.get(HASH_FIELD) as unknown]));
  const storedHashes = hashesOf(stored);
  const storedSummaryHashes = hashesOf(storedSummaries);
  const batch = db.batch();
  const writtenQuarterIds: string[] = [];
  let writes = 0;
  for (const [quarterId, catalogue] of catalogues) {
    const hash = contentHash(catalogue);
    if (storedHashes.get(quarterId) !== hash) {
      batch.set(db.collection(OFFER_CATALOGUE).doc(quarterId), { ...catalogue, [HASH_FIELD]: hash });
      writtenQuarterIds.push(quarterId);
      writes++;
    }
    // Checked on its own: a summary missing beside an unchanged catalogue (the first sync after
    // summaries came) is written too.
    const summary = summaryOf(catalogue);
    const summaryHash = summary && contentHash(summary);
    if (summary && storedSummaryHashes.get(quarterId) !== summaryHash) {
      batch.set(db.collection(OFFER_SUMMARY).doc(quarterId), { ...summary, [HASH_FIELD]: summaryHash });
      writes++;
    }
  }
  const gone = stored.docs.filter((doc) => !catalogues.has(doc.id));
  const summariesGone = storedSummaries.docs.filter((doc) => !catalogues.has(doc.id));
  for (const doc of [...gone, ...summariesGone]) batch.delete(doc.ref);
  // A handful of quarters: one commit.
  if (writes + gone.length + summariesGone.length > 0) await batch.commit();
  return { written: writtenQuarterIds.length, deleted: gone.length, quarterIds: [...catalogues.keys()], warnings, writtenQuarterIds };
}
