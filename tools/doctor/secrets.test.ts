import { describe, expect, it } from 'vitest';
import { readSecretsGet } from './secrets';

describe("reading `firebase functions:secrets:get --json`", () => {
  it('counts the enabled versions of a secret', () => {
    const answer = { status: 'success', result: { secrets: [{ versionId: '2', state: 'ENABLED' }, { versionId: '1', state: 'DESTROYED' }] } };
    expect(readSecretsGet(JSON.stringify(answer))).toEqual({ kind: 'found', enabledVersions: 1 });
  });

  it('tells a missing secret from a check that could not run', () => {
    const notFound = { status: 'error', error: 'HTTP Error: 404, Secret [projects/1/secrets/APPSHEET_ACCESS_KEY] not found or has no versions.' };
    expect(readSecretsGet(JSON.stringify(notFound))).toEqual({ kind: 'missing' });
    const loggedOut = { status: 'error', error: 'Failed to authenticate, have you run firebase login?' };
    expect(readSecretsGet(JSON.stringify(loggedOut))).toEqual({ kind: 'unchecked', reason: loggedOut.error });
    expect(readSecretsGet('')).toMatchObject({ kind: 'unchecked' });
  });
});
