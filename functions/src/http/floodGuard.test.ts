/** The in-memory limit of the public links: per client network and /48, misses apart, per minute. */
import { describe, expect, it } from 'vitest';
import { FloodGuard } from './floodGuard';

const MINUTE = 60_000;
const start = 1_800_000 * MINUTE; // the start of a minute
const admitted = (guard: FloodGuard, address: string, times: number, now = start) => Array.from({ length: times }, () => guard.admit(address, now)).filter((wait) => wait === 0).length;

describe('FloodGuard', () => {
  it('refuses a client network over its minute, with the seconds to the next one, and not another client', () => {
    const guard = new FloodGuard({ perClientPerMinute: 5, missesPerClientPerMinute: 100, perSitePerMinute: 100 });
    expect(admitted(guard, '203.0.113.7', 8)).toBe(5);
    expect(guard.admit('203.0.113.7', start + 15_000)).toBe(45);
    expect(guard.admit('198.51.100.9', start + 15_000)).toBe(0);
    // Another address in the same IPv6 /64 is the same client.
    expect(admitted(guard, '2001:db8:1:2::1', 5)).toBe(5);
    expect(guard.admit('2001:db8:1:2:ffff::9', start)).toBeGreaterThan(0);
    // The next minute starts afresh.
    expect(guard.admit('203.0.113.7', start + MINUTE)).toBe(0);
  });

  it('refuses a client after its misses, whatever its requests', () => {
    const guard = new FloodGuard({ perClientPerMinute: 100, missesPerClientPerMinute: 3, perSitePerMinute: 1000 });
    for (let i = 0; i < 3; i += 1) {
      expect(guard.admit('203.0.113.7', start)).toBe(0);
      guard.missed('203.0.113.7', start);
    }
    expect(guard.admit('203.0.113.7', start + 1000)).toBe(59);
    expect(guard.admit('198.51.100.9', start + 1000)).toBe(0);
  });

  it('counts the /64s of one IPv6 /48 together', () => {
    const guard = new FloodGuard({ perClientPerMinute: 2, missesPerClientPerMinute: 100, perSitePerMinute: 6 });
    const sixtyFours = Array.from({ length: 5 }, (_, i) => `2001:db8:1:${i}::1`);
    expect(sixtyFours.reduce((sum, address) => sum + admitted(guard, address, 2), 0)).toBe(6);
    expect(guard.admit('2001:db8:2::1', start)).toBe(0);
  });
});
