/**
 * The school's quarters, lessons and room hours as the office's console reads them (the rules let
 * active admins read these collections whole): which lessons a notice may go to, and on which
 * weekdays a lesson may be cancelled. A few hundred small documents even at a large school, read
 * once when the notices tab opens, from the server (an admin's device may have kept an old copy).
 */
import type { Firestore } from 'firebase/firestore';
import type { Lesson, Quarter, RoomHour } from '../domain/types';
import { DataLoadError, InvalidDocumentError, parseDocument, type DocumentSchemas } from './queries';
import type { FirestoreFunctions } from './firestoreFunctions';

export interface OfficeTimetable {
  quarters: Quarter[];
  lessons: Lesson[];
  roomHours: RoomHour[];
}

/** The message of a failed read (the console shows its own translated text). */
export const OFFICE_TIMETABLE_LOAD_ERROR = 'Failed to fetch the lessons';

export async function readOfficeTimetable(fs: FirestoreFunctions, db: Firestore, schemas: DocumentSchemas): Promise<OfficeTimetable> {
  const { collection, getDocsFromServer } = fs;
  try {
    const [quarters, lessons, roomHours] = await Promise.all([
      getDocsFromServer(collection(db, 'quarters')),
      getDocsFromServer(collection(db, 'lessons')),
      getDocsFromServer(collection(db, 'roomHours')),
    ]);
    return {
      quarters: quarters.docs.map((doc) => parseDocument(schemas, 'quarters', doc.id, doc.data())),
      lessons: lessons.docs.map((doc) => parseDocument(schemas, 'lessons', doc.id, doc.data())),
      roomHours: roomHours.docs.map((doc) => parseDocument(schemas, 'roomHours', doc.id, doc.data())),
    };
  } catch (error) {
    if (error instanceof InvalidDocumentError) console.error('A stored document does not match the contract', error.message);
    throw new DataLoadError(OFFICE_TIMETABLE_LOAD_ERROR, error);
  }
}
