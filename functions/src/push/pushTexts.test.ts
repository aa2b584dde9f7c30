import { describe, expect, it } from 'vitest';
import { firstName, pushLine, PUSH_TEXTS } from './pushTexts';

describe('pushLine', () => {
  it('keeps a short text on one line', () => {
    expect(pushLine('Dear families,\n\nthe fête is on Saturday.')).toBe('Dear families, the fête is on Saturday.');
  });

  it('cuts a long text on a word boundary within the limit, marking the cut', () => {
    const line = pushLine('word '.repeat(60));
    expect(line.length).toBeLessThanOrEqual(140);
    expect(line).toMatch(/word…$/);
  });

  it('cuts a text without spaces where it must', () => {
    expect(pushLine('x'.repeat(200), 20)).toBe(`${'x'.repeat(19)}…`);
  });
});

describe('what a lock screen shows', () => {
  it("names a child by the first name only", () => {
    expect(firstName('  Anna Maria Schmidt ')).toBe('Anna');
    expect(PUSH_TEXTS.de.bookingDecided.body(firstName('Anna Schmidt'), 'Klavier', '2027 Q1')).toBe('Anna: Klavier, 2027 Q1');
  });

  it('names no amount in any language', () => {
    for (const texts of Object.values(PUSH_TEXTS)) {
      for (const kind of [texts.paymentDue, texts.paymentReceived]) expect(`${kind.title} ${kind.body}`).not.toMatch(/\d|€|EUR/);
    }
  });
});
