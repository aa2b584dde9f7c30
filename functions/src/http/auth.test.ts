/** When a token counts as revoked: at or before the second of a revocation, but not at creation. */
import { describe, expect, it } from 'vitest';
import { isRevoked } from '../lib/tokenValidity';

const second = (iso: string) => Date.parse(iso) / 1000;
const utc = (iso: string) => new Date(iso).toUTCString();
const created = utc('2026-11-01T08:00:00Z');

describe('isRevoked', () => {
  it('refuses a sign-in from before a password reset, and from the same second', () => {
    const validity = { validSince: utc('2026-11-28T10:00:05Z'), createdAt: created };
    expect(isRevoked(second('2026-11-28T10:00:04Z'), validity)).toBe(true);
    expect(isRevoked(second('2026-11-28T10:00:05Z'), validity)).toBe(true);
    expect(isRevoked(second('2026-11-28T10:00:06Z'), validity)).toBe(false);
  });

  it("accepts the account's first sign-in, in the second Auth created it (and set its validSince)", () => {
    const validity = { validSince: utc('2026-11-01T08:00:00Z'), createdAt: created };
    expect(isRevoked(second('2026-11-01T08:00:00Z'), validity)).toBe(false);
    expect(isRevoked(second('2026-11-01T07:59:59Z'), validity)).toBe(true);
  });

  it('accepts any sign-in where nothing was revoked, or the record says nothing readable', () => {
    expect(isRevoked(second('2026-11-01T08:00:00Z'), { createdAt: created })).toBe(false);
    expect(isRevoked(second('2026-11-01T08:00:00Z'), { validSince: 'not a date', createdAt: created })).toBe(false);
    // validSince moved back before the creation (an admin's backdating): the SDK's rule.
    expect(isRevoked(second('2026-10-01T00:00:00Z'), { validSince: utc('2026-10-01T00:00:00Z'), createdAt: created })).toBe(false);
  });
});
