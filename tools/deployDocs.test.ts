/**
 * docs/deploy.md's command for a project without Identity Platform deploys every function but the
 * sign-up gate: a function added later and missing from it would simply not exist there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

/** The names functions/src/index.ts exports, each one deployed function. */
const exportedFunctions = () => [...read('functions/src/index.ts').matchAll(/^export const (\w+)/gm)].map((match) => match[1]!);

describe('the deploy command without the sign-up gate', () => {
  it('names every exported function except membershipGate', () => {
    const command = /npx firebase deploy [^\n]*--only [^\n]*functions:[^\n]*/.exec(read('docs/deploy.md'))?.[0] ?? '';
    const named = [...command.matchAll(/functions:(\w+)/g)].map((match) => match[1]!);
    expect(exportedFunctions()).toContain('membershipGate');
    expect(named.sort()).toEqual(exportedFunctions().filter((name) => name !== 'membershipGate').sort());
  });
});
