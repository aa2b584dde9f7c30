// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { annaMember } from '../test/fixtures';
import { EMPTY } from './familyData';
import { forgetKeptFamily, KEPT_FAMILY_KEY, keeperOf, readKeptFamily } from './keptFamily';

const family = { ...EMPTY, member: { ...annaMember, id: 'M1' } };
const kept = { family, withCorrespondence: true };

describe('what the page keeps of the family', () => {
  beforeEach(() => localStorage.clear());

  it('gives back the family kept for the same e-mail only', () => {
    keeperOf('anna@example.com')(kept);
    expect(readKeptFamily('anna@example.com')).toEqual(kept);
    expect(readKeptFamily('other@example.com')).toBeNull();
  });

  it("does not read an entry of another build, or one that is not the portal's", () => {
    keeperOf('anna@example.com')(kept);
    const stored = JSON.parse(localStorage.getItem(KEPT_FAMILY_KEY)!) as { build: string };
    localStorage.setItem(KEPT_FAMILY_KEY, JSON.stringify({ ...stored, build: `${stored.build} before` }));
    expect(readKeptFamily('anna@example.com')).toBeNull();
    localStorage.setItem(KEPT_FAMILY_KEY, '{not json');
    expect(readKeptFamily('anna@example.com')).toBeNull();
  });

  it('deletes what it kept when the family has no member any more', () => {
    const keep = keeperOf('anna@example.com');
    keep(kept);
    keep({ family: EMPTY, withCorrespondence: true });
    expect(localStorage.getItem(KEPT_FAMILY_KEY)).toBeNull();
  });

  it('keeps nothing a writer of an ended session hands it', () => {
    const keep = keeperOf('anna@example.com');
    keep(kept);
    forgetKeptFamily();
    expect(readKeptFamily('anna@example.com')).toBeNull();
    keep(kept);
    expect(localStorage.getItem(KEPT_FAMILY_KEY)).toBeNull();
    keeperOf('anna@example.com')(kept);
    expect(readKeptFamily('anna@example.com')).toEqual(kept);
  });
});
