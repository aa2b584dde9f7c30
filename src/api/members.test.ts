import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationChoices } from '@family-portal/contract';

const auth = vi.hoisted((): { currentUser: { uid: string } | null } => ({ currentUser: { uid: 'anna' } }));
vi.mock('../data/firebase', () => ({ getAuth: () => Promise.resolve(auth) }));
const client = vi.hoisted(() => ({ callFunction: vi.fn() }));
vi.mock('./client', () => client);

const OFF = { language: 'en', paymentRequired: false, paymentReceived: false } as unknown as NotificationChoices;
const ON = { ...OFF, paymentRequired: true };
const reads = () => client.callFunction.mock.calls.filter(([name]) => name === 'getNotificationChoices').length;

// Each test starts with a tab that has asked nothing yet.
let members: typeof import('./members');
beforeEach(async () => {
  vi.resetModules();
  members = await import('./members');
  vi.useFakeTimers({ toFake: ['Date'] });
  auth.currentUser = { uid: 'anna' };
  client.callFunction.mockReset().mockImplementation((name: string, _schema: unknown, options: { body?: unknown }) =>
    Promise.resolve({ data: name === 'setNotificationChoices' ? options.body : name === 'getNotificationChoices' ? OFF : {} }),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the parent's e-mail choices in this tab", () => {
  it('are asked once however often the family page opens within a minute, and again after it', async () => {
    expect(await members.getNotificationChoices()).toEqual(OFF);
    expect(await members.getNotificationChoices()).toEqual(OFF);
    expect(reads()).toBe(1);
    vi.setSystemTime(Date.now() + members.CHOICES_COPY_MS);
    await members.getNotificationChoices();
    expect(reads()).toBe(2);
  });

  it('show what was just saved without asking, and are asked anew for another account', async () => {
    await members.getNotificationChoices();
    expect(await members.setNotificationChoices(ON)).toEqual(ON);
    expect(await members.getNotificationChoices()).toEqual(ON);
    expect(reads()).toBe(1);
    auth.currentUser = { uid: 'olga' };
    expect(await members.getNotificationChoices()).toEqual(OFF);
    expect(reads()).toBe(2);
  });

  it('are asked again after a failed read and after an unsubscribe link opened here', async () => {
    client.callFunction.mockRejectedValueOnce(new Error('offline'));
    await expect(members.getNotificationChoices()).rejects.toThrow('offline');
    expect(await members.getNotificationChoices()).toEqual(OFF);
    expect(reads()).toBe(2);
    await members.unsubscribe('signed-token');
    await members.getNotificationChoices();
    expect(reads()).toBe(3);
  });

  it('are never kept when nobody is signed in', async () => {
    auth.currentUser = null;
    await members.getNotificationChoices();
    await members.getNotificationChoices();
    expect(reads()).toBe(2);
  });
});
