/**
 * The AppSheet keys of what booking writes: one request per (quarter, lesson, child), and the
 * plan made when the office confirms it. Deterministic, so that a retried write finds the row an
 * earlier attempt made instead of adding a second one.
 */
import { createHash } from 'node:crypto';

const digest = (quarterId: string, lessonId: string, childId: string) =>
  createHash('sha256').update(`${quarterId}\u0000${lessonId}\u0000${childId}`).digest('hex').slice(0, 20);

/** The Course Requests key of a child's request for a lesson in a quarter. */
export const requestKey = (quarterId: string, lessonId: string, childId: string) => `REQ-${digest(quarterId, lessonId, childId)}`;

/** The Plans key made when that request is confirmed. */
export const planKey = (quarterId: string, lessonId: string, childId: string) => `PLAN-${digest(quarterId, lessonId, childId)}`;
