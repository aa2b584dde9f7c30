/**
 * Documents the Admin SDK writes, counted on its commits whatever code makes them (a batch, a
 * single create or set, a transaction): per collection, and the size of each commit, so that a
 * bench can say how many writes a call made and in what batches.
 */
import { WriteBatch } from 'firebase-admin/firestore';

interface Commit {
  /** Writes in this commit, by the first segment of the document's path. */
  byCollection: Record<string, number>;
  size: number;
}

let commits: Commit[] = [];

/** Patches WriteBatch's one internal commit, which batches, single writes and transactions all go through. */
export function countWrites(): void {
  const proto = WriteBatch.prototype as unknown as { _commit: (...args: unknown[]) => Promise<unknown>; _ops?: Array<{ docPath: string }> };
  const original = proto._commit;
  proto._commit = function (this: { _ops: Array<{ docPath: string }> }, ...args: unknown[]) {
    const byCollection: Record<string, number> = {};
    for (const { docPath } of this._ops) {
      const name = docPath.split('/')[0] ?? '?';
      byCollection[name] = (byCollection[name] ?? 0) + 1;
    }
    commits.push({ byCollection, size: this._ops.length });
    return original.apply(this, args);
  };
}

/** The commits since the last call (retries of one commit count again, as Firestore bills them). */
export function takeCommits(): Commit[] {
  const taken = commits;
  commits = [];
  return taken;
}

/** "notice_deliveries 2,000 in 4 commits of ≤ 500, mail 2,000 in 5 commits of ≤ 400", for a bench's line. */
export function describeCommits(taken: Commit[]): string {
  const names = [...new Set(taken.flatMap((commit) => Object.keys(commit.byCollection)))];
  return names
    .map((name) => {
      const sizes = taken.map((commit) => commit.byCollection[name] ?? 0).filter((size) => size > 0);
      const total = sizes.reduce((sum, size) => sum + size, 0);
      return `${name} ${total.toLocaleString('en')} in ${sizes.length} commit${sizes.length === 1 ? '' : 's'} of ≤ ${Math.max(...sizes)}`;
    })
    .join(', ');
}

export const writesIn = (taken: Commit[]) => taken.reduce((sum, commit) => sum + commit.size, 0);
