/**
 * The local stand-in for the "Trigger Email from Firestore" extension (firestore-send-email),
 * which sends the portal's e-mails in production: it watches the `mail` collection of the
 * Firestore emulator and delivers each new document over SMTP (to MailDev, the local inbox),
 * moving its `delivery` through the extension's states the same way:
 *
 *   (none) → PENDING → PROCESSING (with a one-minute lease) → SUCCESS | ERROR
 *
 * with `attempts`, `startTime`, `endTime`, `error`, `leaseExpireTime` and, on success, `info`
 * (messageId, accepted, rejected, pending, response). A document in SUCCESS or ERROR is final; a
 * document set back to RETRY is sent again. The functions only ever write `mail` documents, so
 * the same code runs against the extension in production.
 */
import { FieldValue, Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import nodemailer from 'nodemailer';
import { MAIL } from '@family-portal/contract';

const LEASE_MS = 60_000;

export interface LocalSenderOptions {
  db: Firestore;
  smtp: { host: string; port: number };
  /** The extension's "Default FROM address". */
  defaultFrom: string;
  /** Called with each delivery's outcome, for the log of `npm start`. */
  onDelivered?: (id: string, outcome: { state: 'SUCCESS' | 'ERROR'; to: string[]; subject?: string; error?: string }) => void;
}

interface MailPayload {
  to?: string | string[];
  cc?: string | string[];
  bcc?: string | string[];
  from?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  message?: { subject?: string; text?: string; html?: string; attachments?: Array<Record<string, unknown>> };
  delivery?: { state?: string; leaseExpireTime?: Timestamp | null };
}

function addresses(field: string, value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new Error(`Invalid field "${field}". Expected an array of strings.`);
  }
  return value;
}

/** Starts watching `mail`; the returned function stops it. */
export function startLocalSender({ db, smtp, defaultFrom, onDelivered }: LocalSenderOptions): () => Promise<void> {
  const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
  // One step at a time per document: each of our own updates comes back as a change.
  const queues = new Map<string, Promise<void>>();

  /** The extension's state step in a transaction; true when this call should send it now. */
  const advance = (ref: DocumentReference) =>
    db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) return false;
      const payload = snapshot.data() as MailPayload;
      if (typeof payload.message !== 'object') return false;
      const state = payload.delivery?.state;
      if (!state) {
        transaction.update(ref, { delivery: { startTime: Timestamp.now(), state: 'PENDING', attempts: 0, error: null } });
        return false;
      }
      if (state === 'PENDING' || state === 'RETRY') {
        transaction.update(ref, { 'delivery.state': 'PROCESSING', 'delivery.leaseExpireTime': Timestamp.fromMillis(Date.now() + LEASE_MS) });
        return true;
      }
      if (state === 'PROCESSING' && (payload.delivery?.leaseExpireTime?.toMillis() ?? 0) < Date.now()) {
        transaction.update(ref, { 'delivery.state': 'ERROR', 'delivery.error': 'Message processing lease expired.' });
      }
      return false;
    });

  const deliver = async (ref: DocumentReference) => {
    const payload = (await ref.get()).data() as MailPayload | undefined;
    if (payload?.delivery?.state !== 'PROCESSING') return;
    const update: Record<string, unknown> = {
      'delivery.attempts': FieldValue.increment(1),
      'delivery.endTime': FieldValue.serverTimestamp(),
      'delivery.error': null,
      'delivery.leaseExpireTime': null,
    };
    let to: string[] = [];
    try {
      to = addresses('to', payload.to);
      const cc = addresses('cc', payload.cc);
      const bcc = addresses('bcc', payload.bcc);
      if (to.length + cc.length + bcc.length === 0) throw new Error('Failed to deliver email. Expected at least 1 recipient.');
      const result = await transport.sendMail({
        ...payload.message,
        from: payload.from || defaultFrom,
        replyTo: payload.replyTo,
        to,
        cc,
        bcc,
        headers: payload.headers ?? {},
      });
      update['delivery.state'] = 'SUCCESS';
      update['delivery.info'] = {
        messageId: result.messageId || null,
        accepted: result.accepted ?? [],
        rejected: result.rejected ?? [],
        pending: result.pending ?? [],
        response: result.response || null,
      };
      onDelivered?.(ref.id, { state: 'SUCCESS', to, subject: payload.message?.subject });
    } catch (error) {
      update['delivery.state'] = 'ERROR';
      update['delivery.error'] = String(error);
      onDelivered?.(ref.id, { state: 'ERROR', to, subject: payload.message?.subject, error: String(error) });
    }
    await ref.update(update);
  };

  const handle = (ref: DocumentReference) => {
    const next = (queues.get(ref.id) ?? Promise.resolve())
      .then(async () => {
        if (await advance(ref)) await deliver(ref);
      })
      .catch((error: unknown) => console.error(`local mail sender: ${ref.path}: ${String(error)}`));
    queues.set(ref.id, next);
  };

  const unsubscribe = db.collection(MAIL).onSnapshot(
    (snapshot) => {
      for (const change of snapshot.docChanges()) {
        const state = (change.doc.data() as MailPayload).delivery?.state;
        if (change.type !== 'removed' && state !== 'SUCCESS' && state !== 'ERROR') handle(change.doc.ref);
      }
    },
    (error) => console.error(`local mail sender stopped listening: ${error.message}`),
  );

  return async () => {
    unsubscribe();
    await Promise.all(queues.values());
    transport.close();
  };
}
