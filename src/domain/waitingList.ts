/**
 * The waiting list of a full time, as the parent's screens read it (docs/booking.md): which times
 * a child may wait for, which child may still join, the family's place in line per time, and the
 * place held for it until an instant. Pure: the entries come from the data layer (waiting_entries,
 * parsed by the contract), and "now" is handed in, so that a screen decides when to look again.
 */
import type { WaitingEntry, WaitingOffer } from '@family-portal/contract';
import { activeRequestOf, freePlacesOf, type BookingOffer, type BookingRequest, type ChildChoice, type OfferedRoomHour, type WaitingListEntry } from './booking';
import { dateFormat, numberFormat } from './intlFormats';
import { sortRoomHours } from './schedule';
import type { Child } from './types';

export type { WaitingListEntry } from './booking';

/** The times of an open course that are known to be full: only these are waited for; a free one is requested. */
export function fullTimes(offer: BookingOffer): OfferedRoomHour[] {
  if (!offer.open) return [];
  return sortRoomHours(offer.roomHours.filter((time) => freePlacesOf(offer, time.id) === 0));
}

/** The child's waiting request for the course, if it is in line. */
export function waitingRequestOf(requests: readonly BookingRequest[], lessonId: string, childId: string): BookingRequest | undefined {
  return requests.find((request) => request.lessonId === lessonId && request.childId === childId && request.status === 'waiting');
}

/**
 * The family's active children for a course's waiting list: a child with a request that holds
 * (requested, confirmed) or already in line cannot join (the server refuses it too).
 */
export function waitingChoices(children: readonly Child[], requests: readonly BookingRequest[], lessonId: string): ChildChoice[] {
  return children
    .filter((child) => child.status === 'active')
    .map((child) => ({ child, blockedBy: activeRequestOf(requests, lessonId, child.id) ?? waitingRequestOf(requests, lessonId, child.id) ?? null }));
}

/** Ticking a time puts it last in the order of preference; unticking takes it out and closes the gap. */
export function toggleChoice(order: readonly string[], roomHourId: string, on: boolean): string[] {
  const without = order.filter((id) => id !== roomHourId);
  return on ? [...without, roomHourId] : without;
}

export interface WaitingTime {
  roomHourId: string;
  /** 1 is next in line; null when the family is not in line there (passed, or not counted yet). */
  position: number | null;
  /** The family let the offer of this time run out or turned it down: it is no longer in line there. */
  passed: boolean;
}

/** A waiting request's times in the family's order of preference, each with its place in line. */
export function waitingTimes(request: Pick<BookingRequest, 'roomHourIds'>, entry: Pick<WaitingEntry, 'positions' | 'passed'> | undefined): WaitingTime[] {
  return request.roomHourIds.map((roomHourId) => ({
    roomHourId,
    position: entry?.positions.find((place) => place.roomHourId === roomHourId)?.position ?? null,
    passed: entry?.passed.includes(roomHourId) ?? false,
  }));
}

/** A place held for the family: open until `until`, then run out (until the portal ends it and the family reads again). */
export type HeldState = 'open' | 'ranOut';

export const heldState = (offer: Pick<WaitingOffer, 'until'>, now: number): HeldState => (Date.parse(offer.until) > now ? 'open' : 'ranOut');

/** A place offered to one of the family's waiting requests. */
export interface HeldPlace {
  request: BookingRequest;
  entry: WaitingListEntry;
  offer: WaitingOffer;
  state: HeldState;
}

/**
 * The places held for the family, the one to run out first first. Only for requests still in
 * line: a request taken a moment ago (status requested) keeps its entry until the next read.
 */
export function heldPlaces(requests: readonly BookingRequest[], entries: readonly WaitingListEntry[], now: number): HeldPlace[] {
  return entries
    .flatMap((entry) => {
      const request = requests.find((candidate) => candidate.id === entry.requestId && candidate.status === 'waiting');
      return request && entry.offer ? [{ request, entry, offer: entry.offer, state: heldState(entry.offer, now) }] : [];
    })
    .sort((a, b) => a.offer.until.localeCompare(b.offer.until) || a.request.id.localeCompare(b.request.id));
}

/** The next instant at which a held place runs out, after `now`; null when none will. */
export function nextRunOut(entries: readonly Pick<WaitingEntry, 'offer'>[], now: number): number | null {
  const ahead = entries.map((entry) => (entry.offer ? Date.parse(entry.offer.until) : Number.NaN)).filter((at) => at > now);
  return ahead.length > 0 ? Math.min(...ahead) : null;
}

const ENGLISH_ORDINAL_SUFFIX: Record<Intl.LDMLPluralRule, string> = { zero: 'th', one: 'st', two: 'nd', few: 'rd', many: 'th', other: 'th' };

/**
 * A place in line or a choice as the language writes its number: English marks it on the number
 * by its ordinal rule (1st, 2nd, 3rd, 11th, 22nd); German and Russian write it in the text around
 * the number ("2. Platz", "2-е место"), since the Russian ending follows the noun.
 */
export function ordinalNumber(n: number, locale: string): string {
  const digits = numberFormat(locale, { maximumFractionDigits: 0 }).format(n);
  if (!locale.toLowerCase().startsWith('en')) return digits;
  return `${digits}${ENGLISH_ORDINAL_SUFFIX[new Intl.PluralRules(locale, { type: 'ordinal' }).select(n)]}`;
}

/** Until when a place is held: "Thursday, 10 December 2026, 18:00" on the school's clock. */
export function formatHeldUntil(iso: string, locale: string, zone: string): string {
  return dateFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date(iso));
}
