import { describe, expect, it } from 'vitest';
import type { AppSheetClient } from '../appsheet/appsheetClient';
import type { AppSheetRow } from '../mapping/mapRow';
import { stillInAppSheet } from './tableSync';

function fakeAppSheet(keys: string[]) {
  const selectors: string[] = [];
  const client: AppSheetClient = {
    async find(_table, selector) {
      selectors.push(selector ?? '');
      const asked = [...(selector ?? '').matchAll(/\[Payment ID\] = "([^"]*)"/g)].map((match) => match[1]);
      return keys.filter((key) => asked.includes(key)).map((key): AppSheetRow => ({ 'Payment ID': ` ${key} ` }));
    },
    edit: () => Promise.reject(new Error('not used')),
  };
  return { client, selectors };
}

describe('confirming deletions by key', () => {
  it('asks AppSheet for exactly the rows about to be deleted and names those it still has', async () => {
    const { client, selectors } = fakeAppSheet(['P2', 'P9']);
    expect(await stillInAppSheet(client, 'payments', ['P1', 'P2'])).toEqual(['P2']);
    expect(selectors).toEqual(['Filter("Payments", OR([Payment ID] = "P1", [Payment ID] = "P2"))']);
  });

  it('asks for one key without OR, and in requests of 100 keys', async () => {
    const one = fakeAppSheet([]);
    expect(await stillInAppSheet(one.client, 'payments', ['P1'])).toEqual([]);
    expect(one.selectors).toEqual(['Filter("Payments", [Payment ID] = "P1")']);
    const many = fakeAppSheet(['P150']);
    const ids = Array.from({ length: 201 }, (_, index) => `P${index}`);
    expect(await stillInAppSheet(many.client, 'payments', ids)).toEqual(['P150']);
    expect(many.selectors).toHaveLength(3);
  });

  it('counts a key that cannot be written into a selector as still there', async () => {
    const { client, selectors } = fakeAppSheet([]);
    expect(await stillInAppSheet(client, 'payments', ['P"1', 'P\\2', 'P3'])).toEqual(['P"1', 'P\\2']);
    expect(selectors).toEqual(['Filter("Payments", [Payment ID] = "P3")']);
  });
});
