import { describe, expect, it } from 'vitest';
import {
  ADMIN_READ_TIMEOUT_SECONDS,
  BOOKING_DECISION_TIMEOUT_SECONDS,
  HELD_NOTICE_MAILS_TIMEOUT_SECONDS,
  LIGHT_MEMORY,
  LOOKUP_TIMEOUT_SECONDS,
  MAX_INSTANCES,
  MEMBER_WRITE_TIMEOUT_SECONDS,
  REGION,
  schoolTimeZoneParam,
  SIGN_UP_GATE_TIMEOUT_SECONDS,
  SYNC_MEMORY,
  SYNC_TIMEOUT_SECONDS,
} from './config';
import * as functions from './index';

type Endpoint = Record<string, any>;
const endpointOf = (fn: unknown) => (fn as { __endpoint: Endpoint }).__endpoint;
const scheduleOf = (fn: unknown) => endpointOf(fn).scheduleTrigger;
/** What the deploy reads: firebase-functions records memory in MB. */
const megabytes = (memory: string) => (memory.endsWith('GiB') ? parseInt(memory, 10) * 1024 : parseInt(memory, 10));

const SYNC_FUNCTIONS = ['triggerFullSync', 'triggerDeltaSync', 'nightlyFullSync', 'hourlyDeltaSync'] as const;

describe('function wiring', () => {
  it("follows the school's time zone parameter, Europe/Berlin unless configured", () => {
    expect(schoolTimeZoneParam.name).toBe('SCHOOL_TIME_ZONE');
    expect(schoolTimeZoneParam.options.default).toBe('Europe/Berlin');
    for (const fn of [functions.nightlyFullSync, functions.hourlyDeltaSync]) expect(scheduleOf(fn).timeZone).toBe(schoolTimeZoneParam);
  });

  it("runs the nightly full sync at 02:00 with the AppSheet key and the unsubscribe links' key as secrets", () => {
    const endpoint = endpointOf(functions.nightlyFullSync);
    expect(endpoint.scheduleTrigger).toMatchObject({ schedule: '0 2 * * *' });
    expect(endpoint.secretEnvironmentVariables).toEqual([
      expect.objectContaining({ key: 'APPSHEET_ACCESS_KEY' }),
      expect.objectContaining({ key: 'NOTIFICATION_LINK_KEY' }),
    ]);
  });

  it('runs a delta sync every hour, at half past', () => {
    const endpoint = endpointOf(functions.hourlyDeltaSync);
    expect(endpoint.scheduleTrigger).toMatchObject({ schedule: '30 * * * *' });
    expect(endpoint.secretEnvironmentVariables).toEqual([
      expect.objectContaining({ key: 'APPSHEET_ACCESS_KEY' }),
      expect.objectContaining({ key: 'NOTIFICATION_LINK_KEY' }),
    ]);
  });

  it('deletes accounts left unverified every hour, at quarter past, on the school clock', () => {
    const endpoint = endpointOf(functions.deleteStaleUnverifiedAccounts);
    expect(endpoint.scheduleTrigger).toMatchObject({ schedule: '15 * * * *', timeZone: schoolTimeZoneParam });
    expect(endpoint.secretEnvironmentVariables ?? []).toEqual([]);
  });

  it("checks hourly on the hour for the office's absence e-mail and deletes expired absences daily, on the school clock", () => {
    expect(scheduleOf(functions.officeAbsenceMail)).toMatchObject({ schedule: '0 * * * *', timeZone: schoolTimeZoneParam });
    expect(scheduleOf(functions.deleteExpiredAbsences)).toMatchObject({ schedule: '45 3 * * *', timeZone: schoolTimeZoneParam });
    for (const name of ['reportAbsence', 'withdrawAbsence', 'listAbsences'] as const) expect(endpointOf(functions[name]).httpsTrigger, name).toBeDefined();
  });

  it("sends the notice e-mails held back by a day's budget at 07:00 on the school clock, with the unsubscribe links' key", () => {
    const endpoint = endpointOf(functions.heldNoticeMails);
    expect(endpoint.scheduleTrigger).toMatchObject({ schedule: '0 7 * * *', timeZone: schoolTimeZoneParam });
    expect(endpoint.secretEnvironmentVariables).toEqual([expect.objectContaining({ key: 'NOTIFICATION_LINK_KEY' })]);
    expect(endpoint.timeoutSeconds).toBe(HELD_NOTICE_MAILS_TIMEOUT_SECONDS);
  });

  it('exposes the admin sync API over HTTPS', () => {
    for (const name of ['getSyncStatus', 'getSyncHistory', 'triggerFullSync', 'triggerDeltaSync'] as const) {
      expect(endpointOf(functions[name]).httpsTrigger, name).toBeDefined();
    }
  });
});

describe('runtime sizing from config.ts', () => {
  const all = Object.entries(functions).filter(([, fn]) => typeof fn === 'function' && '__endpoint' in fn);

  it('deploys every function to the configured region with the instance cap', () => {
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const [name, fn] of all) {
      expect(endpointOf(fn).region, name).toEqual([REGION]);
      expect(endpointOf(fn).maxInstances, name).toBe(MAX_INSTANCES);
    }
  });

  it('gives the syncs their memory and a timeout Cloud Scheduler accepts', () => {
    expect(SYNC_TIMEOUT_SECONDS).toBeLessThanOrEqual(1800);
    for (const name of SYNC_FUNCTIONS) {
      expect(endpointOf(functions[name]), name).toMatchObject({ availableMemoryMb: megabytes(SYNC_MEMORY), timeoutSeconds: SYNC_TIMEOUT_SECONDS });
    }
  });

  it('lets the member writes outlast their AppSheet calls', () => {
    for (const name of ['updateMemberData', 'cancelMembership'] as const) {
      expect(endpointOf(functions[name]).timeoutSeconds, name).toBe(MEMBER_WRITE_TIMEOUT_SECONDS);
    }
  });

  it('lets the booking writes outlast their AppSheet calls, with the AppSheet key', () => {
    for (const name of ['requestBooking', 'withdrawBooking'] as const) {
      expect(endpointOf(functions[name]).timeoutSeconds, name).toBe(MEMBER_WRITE_TIMEOUT_SECONDS);
    }
    // Up to 100 decisions at once: four AppSheet calls, then the families' e-mails.
    expect(endpointOf(functions.decideBookingRequests).timeoutSeconds).toBe(BOOKING_DECISION_TIMEOUT_SECONDS);
    expect(BOOKING_DECISION_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(MEMBER_WRITE_TIMEOUT_SECONDS);
    for (const name of ['requestBooking', 'withdrawBooking', 'decideBookingRequests'] as const) {
      expect(endpointOf(functions[name]).secretEnvironmentVariables, name).toContainEqual(expect.objectContaining({ key: 'APPSHEET_ACCESS_KEY' }));
    }
    expect(endpointOf(functions.listBookingRequests)).toMatchObject({ availableMemoryMb: megabytes(LIGHT_MEMORY), timeoutSeconds: ADMIN_READ_TIMEOUT_SECONDS });
  });

  it("gives the office's notices the unsubscribe links' key (their e-mails) and time for a school's worth of copies", () => {
    for (const name of ['sendNotice', 'cancelLesson', 'closeSchool', 'withdrawNotice'] as const) {
      expect(endpointOf(functions[name]), name).toMatchObject({ timeoutSeconds: MEMBER_WRITE_TIMEOUT_SECONDS });
    }
    for (const name of ['sendNotice', 'cancelLesson', 'closeSchool'] as const) {
      expect(endpointOf(functions[name]).secretEnvironmentVariables, name).toEqual([expect.objectContaining({ key: 'NOTIFICATION_LINK_KEY' })]);
    }
    expect(endpointOf(functions.withdrawNotice).secretEnvironmentVariables ?? []).toEqual([]);
    expect(endpointOf(functions.listNotices)).toMatchObject({ availableMemoryMb: megabytes(LIGHT_MEMORY), timeoutSeconds: ADMIN_READ_TIMEOUT_SECONDS });
    expect(endpointOf(functions.markNoticeRead).httpsTrigger).toBeDefined();
  });

  it('keeps the lookups and the admin reads small and short', () => {
    expect(endpointOf(functions.checkEmailExists)).toMatchObject({ availableMemoryMb: megabytes(LIGHT_MEMORY), timeoutSeconds: LOOKUP_TIMEOUT_SECONDS });
    expect(endpointOf(functions.membershipGate)).toMatchObject({ availableMemoryMb: megabytes(LIGHT_MEMORY), timeoutSeconds: SIGN_UP_GATE_TIMEOUT_SECONDS });
    for (const name of ['getSyncStatus', 'getSyncHistory'] as const) {
      expect(endpointOf(functions[name]), name).toMatchObject({ availableMemoryMb: megabytes(LIGHT_MEMORY), timeoutSeconds: ADMIN_READ_TIMEOUT_SECONDS });
    }
  });
});
