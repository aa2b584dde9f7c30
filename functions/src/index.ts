/** Wiring only: each export binds a handler to its trigger. */
import { setGlobalOptions } from 'firebase-functions/v2';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { beforeUserCreated } from 'firebase-functions/v2/identity';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { MAIL } from '@family-portal/contract';
import { adminAuth, adminDb } from './admin';
import { refuseNonMembers } from './auth/membershipGate';
import { deleteUnverifiedAccounts } from './auth/unverifiedAccounts';
import {
  ADMIN_READ_TIMEOUT_SECONDS,
  appOrigins,
  appSheetAccessKey,
  BOOKING_DECISION_TIMEOUT_SECONDS,
  LIGHT_MEMORY,
  HELD_NOTICE_MAILS_TIMEOUT_SECONDS,
  LOOKUP_TIMEOUT_SECONDS,
  MAX_INSTANCES,
  MEMBER_WRITE_TIMEOUT_SECONDS,
  notificationLinkKey,
  PUSH_TIMEOUT_SECONDS,
  rateLimitHmacKey,
  REGION,
  schoolTimeZoneParam,
  SIGN_UP_GATE_TIMEOUT_SECONDS,
  SYNC_MEMORY,
  SYNC_TIMEOUT_SECONDS,
  vapidKeysFromConfig,
  vapidPrivateKey,
} from './config';
import * as booking from './booking/bookingEndpoints';
import * as calendarFeeds from './calendar/feedEndpoints';
import * as notices from './notices/noticeEndpoints';
import * as absences from './absences/absenceEndpoints';
import { runAbsenceRetention, runDailyAbsenceMail } from './absences/absenceSchedules';
import { sendHeldNoticeMails } from './notifications/heldNoticeMails';
import { endpoint, NOTICE_BODY_BYTES } from './http/endpoint';
import { checkEmailExists as checkEmail } from './members/checkEmailExists';
import * as memberEndpoints from './members/memberEndpoints';
import * as office from './office/officeEndpoints';
import * as mandates from './payments/mandateEndpoints';
import * as collections from './payments/collectionEndpoints';
import * as push from './members/pushEndpoints';
import { accountOfAuth, deliverMailPush } from './push/deliverPush';
import * as syncAdmin from './wiring/syncEndpoints';
import { runScheduledSync } from './wiring/syncRuns';

setGlobalOptions({ region: REGION, maxInstances: MAX_INSTANCES });

const api = { cors: appOrigins };
const syncRuntime = { secrets: [appSheetAccessKey, notificationLinkKey], timeoutSeconds: SYNC_TIMEOUT_SECONDS, memory: SYNC_MEMORY };
const adminRead = { ...api, memory: LIGHT_MEMORY, timeoutSeconds: ADMIN_READ_TIMEOUT_SECONDS };

const lookup = { memory: LIGHT_MEMORY, timeoutSeconds: LOOKUP_TIMEOUT_SECONDS };
export const checkEmailExists = onRequest({ ...api, ...lookup, secrets: [rateLimitHmacKey] }, endpoint('POST', checkEmail));

const memberWrite = { ...api, secrets: [appSheetAccessKey, notificationLinkKey], timeoutSeconds: MEMBER_WRITE_TIMEOUT_SECONDS };
export const updateMemberData = onRequest(memberWrite, endpoint('POST', memberEndpoints.updateMemberData));
export const cancelMembership = onRequest(memberWrite, endpoint('POST', memberEndpoints.cancelMembership));
// A family's data to take away, and the end of a portal account (GDPR articles 15, 17 and 20).
const ownData = { ...api, memory: LIGHT_MEMORY, timeoutSeconds: ADMIN_READ_TIMEOUT_SECONDS };
export const exportMyData = onRequest(ownData, endpoint('GET', memberEndpoints.exportMyData));
export const deleteMyAccount = onRequest(ownData, endpoint('POST', memberEndpoints.deleteMyAccount));
export const getNotificationChoices = onRequest(ownData, endpoint('GET', memberEndpoints.getNotificationChoices));
export const setNotificationChoices = onRequest(ownData, endpoint('POST', memberEndpoints.setNotificationChoices));
// Without a token: the link in the e-mail is the proof (a signed token).
const signedLink = { ...lookup, secrets: [notificationLinkKey] };
export const unsubscribe = onRequest({ ...api, ...signedLink }, endpoint('POST', memberEndpoints.unsubscribe));
// Called by mail programs, not the web app: no CORS.
export const unsubscribeOneClick = onRequest(signedLink, endpoint('POST', memberEndpoints.unsubscribeOneClick, { body: 'form' }));

// SEPA direct debit (functions/src/payments): a family gives, changes or stops its mandate; the
// row goes to AppSheet's Mandates table first, as a booking request does.
export const giveMandate = onRequest(memberWrite, endpoint('POST', mandates.giveMandate));
export const revokeMandate = onRequest(memberWrite, endpoint('POST', mandates.revokeMandate));
// The office's collection runs: who a date collects from, the announcement to each family, the
// bank's file (pain.008).
export const previewCollection = onRequest(adminRead, endpoint('POST', collections.previewCollection));
export const announceCollection = onRequest(memberWrite, endpoint('POST', collections.announceCollection));
export const fileCollection = onRequest(memberWrite, endpoint('POST', collections.fileCollection));
export const removeFromCollection = onRequest(memberWrite, endpoint('POST', collections.removeFromCollection));
export const recordDebitReturn = onRequest(memberWrite, endpoint('POST', collections.recordDebitReturn));
export const confirmMandate = onRequest(memberWrite, endpoint('POST', mandates.confirmMandate));

// Web Push (functions/src/push): a parent turns a device on or off in the notification settings;
// each parent's e-mail, once written, is pushed to that parent's devices. A device whose session
// ended releases itself without a token (its key is the proof).
export const getPushSettings = onRequest(ownData, endpoint('GET', push.getPushSettings));
export const subscribePush = onRequest(ownData, endpoint('POST', push.subscribePush));
export const unsubscribePush = onRequest(ownData, endpoint('POST', push.unsubscribePush));
export const releasePushDevice = onRequest({ ...api, ...lookup }, endpoint('POST', push.releasePushDevice));
export const pushBesideMail = onDocumentCreated(
  { document: `${MAIL}/{mailId}`, secrets: [vapidPrivateKey], memory: LIGHT_MEMORY, timeoutSeconds: PUSH_TIMEOUT_SECONDS, retry: false },
  async (event) => {
    if (!event.data) return;
    // Stop starting tries a little before the platform would end the function.
    await deliverMailPush(adminDb(), event.data, {
      vapid: vapidKeysFromConfig(),
      accountOf: accountOfAuth(adminAuth()),
      deadline: Date.now() + (PUSH_TIMEOUT_SECONDS - 5) * 1000,
    });
  },
);

// The family's courses as a calendar subscription (functions/src/calendar): the address is made
// and shown on the plans page; calendar apps fetch it without signing in, so no CORS.
export const createCalendarFeed = onRequest(ownData, endpoint('POST', calendarFeeds.createCalendarFeed));
export const getCalendarFeed = onRequest(ownData, endpoint('GET', calendarFeeds.getCalendarFeed));
export const deleteCalendarFeed = onRequest(ownData, endpoint('POST', calendarFeeds.deleteCalendarFeed));
export const calendar = onRequest({ ...lookup }, calendarFeeds.serveCalendarFeed);

// Blocking functions need Identity Platform in production (see docs/deploy.md).
export const membershipGate = beforeUserCreated({ memory: LIGHT_MEMORY, timeoutSeconds: SIGN_UP_GATE_TIMEOUT_SECONDS }, refuseNonMembers);

export const getSyncStatus = onRequest(adminRead, endpoint('GET', syncAdmin.getSyncStatus));
export const getSyncHistory = onRequest(adminRead, endpoint('GET', syncAdmin.getSyncHistory));
export const triggerFullSync = onRequest({ ...api, ...syncRuntime }, endpoint('POST', syncAdmin.triggerSync('full')));
export const triggerDeltaSync = onRequest({ ...api, ...syncRuntime }, endpoint('POST', syncAdmin.triggerSync('delta')));

// The office's console beyond the sync (functions/src/office): who has signed up, invitations,
// and a family's screens seen read-only, each view in the audit log.
export const getAccounts = onRequest(adminRead, endpoint('GET', office.getAccounts));
export const getAccountsCsv = onRequest(adminRead, endpoint('GET', office.getAccountsCsv));
export const inviteMembers = onRequest(adminRead, endpoint('POST', office.postInvitations));
export const viewFamily = onRequest(adminRead, endpoint('POST', office.postFamilyView));
export const getAdminAudit = onRequest(adminRead, endpoint('GET', office.getAuditLog));

// Booking the next quarter's courses (functions/src/booking): a family's request and withdrawal
// are written to AppSheet first, like a contact edit; the office lists and decides requests.
export const requestBooking = onRequest(memberWrite, endpoint('POST', booking.requestBooking));
export const withdrawBooking = onRequest(memberWrite, endpoint('POST', booking.withdrawBooking));
export const listBookingRequests = onRequest(adminRead, endpoint('GET', booking.listBookingRequests));
export const decideBookingRequests = onRequest(
  { ...memberWrite, timeoutSeconds: BOOKING_DECISION_TIMEOUT_SECONDS },
  endpoint('POST', booking.decideBookingRequests),
);

// The waiting list of a full time (functions/src/booking/waitingList.ts): a family joins, leaves,
// takes or turns down the place offered; the office moves a family up or takes it off.
export const joinWaitingList = onRequest(memberWrite, endpoint('POST', booking.joinWaitingList));
export const leaveWaitingList = onRequest(memberWrite, endpoint('POST', booking.leaveWaitingList));
export const takeWaitingOffer = onRequest(memberWrite, endpoint('POST', booking.takeWaitingOffer));
export const passWaitingOffer = onRequest(memberWrite, endpoint('POST', booking.passWaitingOffer));
export const moveOnWaitingList = onRequest(memberWrite, endpoint('POST', booking.moveOnWaitingList));
// An offer ends on time without a visitor: every five minutes, run-out offers end and their
// places go to the next in line. A schedule rather than a Cloud Task per offer: one cheap query
// (the offers with a place offered) that also repairs whatever a failed step left, no queue to
// deploy, and five minutes late at most on a hold of 48 hours (docs/booking.md).
export const waitingListSweep = onSchedule(
  { schedule: '*/5 * * * *', timeZone: schoolTimeZoneParam, retryCount: 0, memory: LIGHT_MEMORY },
  async () => {
    await booking.sweepWaitingOffers();
  },
);

// Absences a family reports (functions/src/notices): the family reports and withdraws, the
// office lists per day and lesson, gets the next day's by e-mail, and they expire after a year.
export const reportAbsence = onRequest(ownData, endpoint('POST', absences.reportAbsence));
export const withdrawAbsence = onRequest(ownData, endpoint('POST', absences.withdrawAbsence));
export const listAbsences = onRequest(adminRead, endpoint('GET', absences.listAbsences));
// Every hour on the hour: the e-mail goes at the first run from the chosen hour (sendDailyAbsenceMail).
export const officeAbsenceMail = onSchedule(
  { schedule: '0 * * * *', timeZone: schoolTimeZoneParam, retryCount: 0, memory: LIGHT_MEMORY },
  async () => {
    await runDailyAbsenceMail();
  },
);
// Daily, well after the nightly sync.
export const deleteExpiredAbsences = onSchedule(
  { schedule: '45 3 * * *', timeZone: schoolTimeZoneParam, retryCount: 0, memory: LIGHT_MEMORY },
  async () => {
    await runAbsenceRetention();
  },
);

// Notices from the office and cancelled lessons (functions/src/notices): written to each family
// in the audience, e-mailed to the parents who get them; a family marks one read.
const noticeWrite = { ...api, secrets: [notificationLinkKey], timeoutSeconds: MEMBER_WRITE_TIMEOUT_SECONDS };
export const sendNotice = onRequest(noticeWrite, endpoint('POST', notices.sendNotice, { maxBytes: NOTICE_BODY_BYTES }));
export const cancelLesson = onRequest(noticeWrite, endpoint('POST', notices.cancelLesson));
export const closeSchool = onRequest(noticeWrite, endpoint('POST', notices.closeSchool));
// A withdrawal sends nothing: no key.
export const withdrawNotice = onRequest({ ...api, timeoutSeconds: MEMBER_WRITE_TIMEOUT_SECONDS }, endpoint('POST', notices.withdrawNotice));
export const listNotices = onRequest(adminRead, endpoint('GET', notices.listNotices));
export const markNoticeRead = onRequest(ownData, endpoint('POST', notices.markNoticeRead));
// The notice e-mails beyond a day's budget, the next morning (notifications/heldNoticeMails.ts).
export const heldNoticeMails = onSchedule(
  { schedule: '0 7 * * *', timeZone: schoolTimeZoneParam, retryCount: 0, secrets: [notificationLinkKey], timeoutSeconds: HELD_NOTICE_MAILS_TIMEOUT_SECONDS },
  async () => {
    await sendHeldNoticeMails(adminDb());
  },
);

// The schedules follow the school's clock (02:00 Europe/Berlin by default).
export const nightlyFullSync = onSchedule(
  { schedule: '0 2 * * *', timeZone: schoolTimeZoneParam, retryCount: 0, ...syncRuntime },
  () => runScheduledSync('full'),
);

// At half past, so that it never meets the nightly full sync at 02:00.
export const hourlyDeltaSync = onSchedule(
  { schedule: '30 * * * *', timeZone: schoolTimeZoneParam, retryCount: 0, ...syncRuntime },
  () => runScheduledSync('delta'),
);

// Accounts nobody verified within 48 hours (perhaps made with someone else's address) go, hourly
// so that none outlives that by much.
export const deleteStaleUnverifiedAccounts = onSchedule(
  { schedule: '15 * * * *', timeZone: schoolTimeZoneParam, retryCount: 0, memory: LIGHT_MEMORY },
  async () => {
    await deleteUnverifiedAccounts(adminAuth());
  },
);
