/**
 * The HTTP functions' bodies and answers (spec section 7). The functions parse what arrives
 * with the bodies; the web app parses what comes back with the answers.
 */
import * as z from 'zod/mini';
import { checkedText as contactText } from './checkedText';
import { DOCUMENT_SCHEMAS, SYNCED_COLLECTIONS } from './documents';
import { holderProblem, MAX_MANDATE_REFERENCE, mandateAttempt, mandateViewSchema } from './mandates';
import { SYNC_STATUSES, SYNC_TYPES, syncLogSchema, tableCountsByTable, heldBackDeletionSchema } from './syncLog';

export const checkEmailExistsBody = z.strictObject({
  email: z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email()),
});

export const updateMemberDataBody = z.strictObject({
  updates: z
    .strictObject({
      primaryName: z.optional(contactText('primaryName').check(z.minLength(1, 'must not be empty'))),
      secondaryName: z.optional(contactText('secondaryName')),
      phone: z.optional(contactText('phone')),
      phone2: z.optional(contactText('phone2')),
      address: z.optional(contactText('address')),
    })
    .check(z.refine((updates) => Object.keys(updates).length > 0, 'at least one field is required')),
});
export type UpdateMemberDataBody = z.input<typeof updateMemberDataBody>;

export const cancelMembershipBody = z.strictObject({ cancellationReason: z.optional(contactText('cancellationReason')) });
export type CancelMembershipBody = z.input<typeof cancelMembershipBody>;

/** A manual full sync may carry the held-back deletions an admin confirmed, by table and count. */
export const applyHeldBackDeletionsSchema = z.strictObject({
  table: z.enum(SYNCED_COLLECTIONS),
  count: z.int().check(z.minimum(1), z.maximum(10_000_000)),
});
/** A trigger carries no data (no body, or an empty JSON object), or the confirmed deletions. */
export const triggerSyncBody = z.union([
  z.undefined(),
  z.literal(''),
  z.strictObject({ applyHeldBackDeletions: z.optional(applyHeldBackDeletionsSchema) }),
]);

export const syncHistoryQuery = z.strictObject({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(10_000)), 0),
});

export const checkEmailExistsAnswer = z.object({ exists: z.boolean() });

/** updateMemberData and cancelMembership answer the member document as it now stands. */
export const memberAnswer = z.object({ success: z.literal(true), message: z.string(), data: DOCUMENT_SCHEMAS.members });

/**
 * exportMyData: everything the portal holds about the family (GDPR articles 15 and 20), the
 * documents as stored. Loose: the parent's file carries every field, known or not.
 */
export const myDataAnswer = z.object({
  data: z.looseObject({
    exportedAt: z.string(),
    account: z.object({ email: z.string(), createdAt: z.string() }),
    member: z.looseObject({ id: z.string() }),
  }),
});
export type MyData = z.infer<typeof myDataAnswer>['data'];

export const MAIL_LANGUAGES = ['en', 'de', 'ru'] as const;

/**
 * setNotificationChoices: every kind on or off, and the language the e-mails are written in.
 * bookingDecided, notices and lessonCancelled may be missing: a web app from before them still sends
 * the older kinds, and its save keeps what is stored for them (their default when nothing is).
 */
export const notificationChoicesBody = z.strictObject({
  paymentDue: z.boolean(),
  paymentReceived: z.boolean(),
  cancellationConfirmed: z.boolean(),
  bookingDecided: z.optional(z.boolean()),
  notices: z.optional(z.boolean()),
  lessonCancelled: z.optional(z.boolean()),
  language: z.enum(MAIL_LANGUAGES),
});
export type NotificationChoicesBody = z.infer<typeof notificationChoicesBody>;
/** A parent's choices as stored and answered: every kind (PARENT_MAIL_KINDS) on or off. */
export const notificationChoicesSchema = z.object({
  paymentDue: z.boolean(),
  paymentReceived: z.boolean(),
  cancellationConfirmed: z.boolean(),
  /** Off when functions from before the kind answer without it. */
  bookingDecided: z._default(z.boolean(), false),
  notices: z._default(z.boolean(), false),
  /** On unless the parent turned it off (MAIL_KINDS_ON_BY_DEFAULT). */
  lessonCancelled: z._default(z.boolean(), true),
  language: z.enum(MAIL_LANGUAGES),
});
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;
export const notificationChoicesAnswer = z.object({ data: notificationChoicesSchema });
export const unsubscribeAnswer = z.object({ success: z.literal(true), kind: z.string() });

/** createCalendarFeed: a new private calendar address, in this language; the old one stops working. */
export const calendarFeedBody = z.strictObject({ language: z.enum(MAIL_LANGUAGES) });
/** The address is shown once, when it is made: only its hash is stored. */
export const calendarFeedCreatedAnswer = z.object({ data: z.object({ url: z.string(), webcalUrl: z.string(), createdAt: z.string() }) });
/** getCalendarFeed: whether the account has an address, since when, in which language. */
export const calendarFeedAnswer = z.object({ data: z.object({ createdAt: z.nullable(z.string()), language: z.nullable(z.enum(MAIL_LANGUAGES)) }) });

/**
 * subscribePush: a device's PushSubscription as the browser's toJSON() gives it (RFC 8291 keys in
 * base64url: p256dh a 65-byte P-256 point, auth 16 bytes). The functions check the endpoint's
 * push service before storing it (functions/src/members/pushEndpoints.ts).
 */
const base64url = (bytes: number) => z.string().check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`)));
const pushEndpoint = z.url({ protocol: /^https?$/ }).check(z.maxLength(1024));
export const pushSubscriptionBody = z.strictObject({
  endpoint: pushEndpoint,
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.strictObject({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
/** unsubscribePush: this device by its endpoint, or another of the caller's by its handle (getPushSettings); only the caller's own is removed. */
export const pushEndpointBody = z.strictObject({ endpoint: pushEndpoint });
const deviceHandle = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/));
export const pushDeviceBody = z.strictObject({ device: deviceHandle });
export const unsubscribePushBody = z.union([pushEndpointBody, pushDeviceBody]);
/**
 * releasePushDevice, without signing in: a device whose session ended (signed out elsewhere, its
 * password changed, its tokens revoked) drops its own subscription at the page's next start. Its
 * endpoint and the key subscribePush gave it, kept on the device, are the proof.
 */
export const pushReleaseBody = z.strictObject({ endpoint: pushEndpoint, releaseKey: base64url(32) });
/**
 * getPushSettings: the portal's VAPID public key for pushManager.subscribe (null when the project
 * has none, then no device can be turned on), and the account's devices: each by an opaque
 * handle (never its endpoint nor the stored document's id), the browser and system its
 * User-Agent named when it was turned on, when that was and when the last push went to it.
 */
export const pushDeviceSchema = z.object({
  device: z.string(),
  browser: z.nullable(z.string()),
  system: z.nullable(z.string()),
  since: z.string(),
  lastPushAt: z.nullable(z.string()),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushSettingsAnswer = z.object({ data: z.object({ publicKey: z.nullable(z.string()), devices: z.array(pushDeviceSchema) }) });
/** The device's handle, and the key that lets it release itself once its session has ended (shown this once; stored hashed). */
export const pushSubscribedAnswer = z.object({ data: z.object({ device: z.string(), releaseKey: z.string() }) });
export const pushUnsubscribedAnswer = z.object({ success: z.literal(true) });

/** deleteMyAccount: the Auth account and the portal's own records of it are gone. */
export const accountDeletedAnswer = z.object({ success: z.literal(true), message: z.string() });

export const syncStatusAnswer = z.object({ data: z.object({ latestSync: z.nullable(syncLogSchema) }) });

export const syncHistoryAnswer = z.object({ data: z.object({ logs: z.array(syncLogSchema), limit: z.int(), offset: z.int() }) });

export const syncResultSchema = z.object({
  syncId: z.string(),
  syncType: z.enum(SYNC_TYPES),
  status: z.enum(SYNC_STATUSES),
  totalMembers: z.int(),
  totalChildren: z.int(),
  duration: z.nullable(z.number()),
  tables: tableCountsByTable,
  error: z.nullable(z.string()),
  heldBackDeletions: z.array(heldBackDeletionSchema),
});
export type SyncResult = z.infer<typeof syncResultSchema>;
export const syncResultAnswer = z.object({ data: syncResultSchema });

/** POST giveMandate: a new mandate, replacing the family's active one if there is one. */
export const giveMandateBody = z.strictObject({
  attempt: mandateAttempt,
  accountHolder: z.string().check(z.trim(), z.refine((name) => holderProblem(name) === null, 'the account holder must have 1 to 70 characters, no markup, no control characters')),
  iban: z.string().check(z.maxLength(50)),
  bic: z.optional(z.string().check(z.maxLength(20))),
  /** The parent ticked "I agree" under the mandate text. */
  agreed: z.literal(true),
  /** The mandate's text and the confirmation e-mail are in this language. */
  language: z.enum(MAIL_LANGUAGES),
});
export type GiveMandateBody = z.infer<typeof giveMandateBody>;

/** POST revokeMandate: the family stops its direct debit. */
export const revokeMandateBody = z.strictObject({
  mandateReference: z.string().check(z.minLength(1), z.maxLength(MAX_MANDATE_REFERENCE)),
  /** The confirmation e-mail is in this language. */
  language: z.enum(MAIL_LANGUAGES),
});

/** A mandate given or revoked, as its family sees it. */
export const mandateAnswer = z.object({ data: mandateViewSchema });
