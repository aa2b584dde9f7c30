/**
 * Whether a secret exists, asked of the firebase CLI: `functions:secrets:get` lists a secret's
 * versions and never its value (unlike `functions:secrets:access`, which this never runs).
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import type { SecretLookup } from './functionChecks';

/** Reads the CLI's `--json` answer: {status, result: {secrets: [{versionId, state}]}} or {status, error}. */
export function readSecretsGet(stdout: string): SecretLookup {
  let answer: { status?: string; error?: string; result?: { secrets?: Array<{ state?: string }> } };
  try {
    answer = JSON.parse(stdout) as typeof answer;
  } catch {
    return { kind: 'unchecked', reason: 'the firebase CLI gave no answer' };
  }
  if (answer.status === 'success') {
    return { kind: 'found', enabledVersions: (answer.result?.secrets ?? []).filter((v) => v.state === 'ENABLED').length };
  }
  const reason = answer.error ?? 'unknown error';
  return /\b404\b|not found/i.test(reason) ? { kind: 'missing' } : { kind: 'unchecked', reason };
}

const FIREBASE_CLI = resolve(import.meta.dirname, '../../node_modules/.bin/firebase');

export function lookUpSecret(name: string, projectId: string): Promise<SecretLookup> {
  const args = ['functions:secrets:get', name, '--project', projectId, '--json', '--non-interactive'];
  return new Promise((done) => {
    execFile(FIREBASE_CLI, args, { timeout: 60_000 }, (failure, stdout) => {
      // A failed command still prints its JSON answer; only a CLI that did not run has none.
      if (failure && !stdout) done({ kind: 'unchecked', reason: failure.killed ? 'the firebase CLI timed out' : failure.message });
      else done(readSecretsGet(stdout));
    });
  });
}
