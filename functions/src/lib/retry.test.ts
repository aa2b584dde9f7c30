import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withRetry } from './retry';

describe('withRetry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries again after 100, then 200 ms, and returns the first success', async () => {
    const calls: Array<[attempt: number, at: number]> = [];
    const started = Date.now();
    const result = withRetry(
      async (attempt) => {
        calls.push([attempt, Date.now() - started]);
        if (attempt < 3) throw new Error(`failure ${attempt}`);
        return 'done';
      },
      { attempts: 3, backoffMs: 100 },
    );
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('done');
    expect(calls).toEqual([[1, 0], [2, 100], [3, 300]]);
  });

  it('throws the last failure once the attempts are spent', async () => {
    let tries = 0;
    const result = withRetry(async (attempt) => {
      tries = attempt;
      throw new Error(`failure ${attempt}`);
    }, { attempts: 3, backoffMs: 10 });
    const settled = expect(result).rejects.toThrow('failure 3');
    await vi.runAllTimersAsync();
    await settled;
    expect(tries).toBe(3);
  });

  it('ends at once on a failure that is not worth another try', async () => {
    let tries = 0;
    const result = withRetry(async () => {
      tries += 1;
      throw new Error('refused');
    }, { attempts: 5, backoffMs: 10, retryable: (error) => (error as Error).message !== 'refused' });
    await expect(result).rejects.toThrow('refused');
    expect(tries).toBe(1);
  });

  it('pauses as the policy says for a given failure', async () => {
    const times: number[] = [];
    const started = Date.now();
    const result = withRetry(
      async (attempt) => {
        times.push(Date.now() - started);
        if (attempt < 3) throw new Error(attempt === 1 ? 'conflict' : 'busy');
        return attempt;
      },
      { attempts: 3, backoffMs: 100, pauseAfter: (error, backoff) => ((error as Error).message === 'conflict' ? 0 : backoff) },
    );
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe(3);
    expect(times).toEqual([0, 0, 200]);
  });

  it('tries once when asked for fewer than one attempt', async () => {
    let tries = 0;
    await expect(withRetry(async () => { tries += 1; throw new Error('no'); }, { attempts: 0, backoffMs: 1 })).rejects.toThrow('no');
    expect(tries).toBe(1);
  });
});
