import { describe, expect, it } from 'vitest';
import { AppSheetError, type AppSheetClient } from './appsheetClient';
import type { AppSheetRow } from '../mapping/mapRow';
import { findInSlices } from '../../../../tests/support/appSheet';
import { readInSlices, sliceSelector, takeSlice } from './slices';

/**
 * A sheet as AppSheet sees it: rows in order, each with its row number (gaps are blank sheet
 * rows), answering exactly the slice selectors of slices.ts, and the requests it got.
 */
function fakeSheet(numbers: number[], options: { beforeFind?: (call: number, sheet: Sheet) => void; ignoreTop?: boolean } = {}) {
  const sheet: Sheet = { rows: numbers.map((number) => ({ _RowNumber: String(number), ID: `K${number}` })), selectors: [] };
  const client: AppSheetClient = {
    async find(_table, selector) {
      sheet.selectors.push(selector ?? '');
      options.beforeFind?.(sheet.selectors.length, sheet);
      const match = /^Top\(OrderBy\(Filter\("T", (?:TRUE|\[_RowNumber\] >= (\d+))\), \[_RowNumber\]\), (\d+)\)$/.exec(selector ?? '');
      if (!match) throw new Error(`unexpected selector ${selector}`);
      const from = Number(match[1] ?? 0);
      const selected = sheet.rows.filter((row) => Number(row._RowNumber) >= from);
      return options.ignoreTop ? selected : selected.slice(0, Number(match[2]));
    },
    edit: () => Promise.reject(new Error('not used')),
  };
  return { sheet, client };
}
interface Sheet {
  rows: AppSheetRow[];
  selectors: string[];
}

const keys = (rows: AppSheetRow[]) => rows.map((row) => row.ID);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('slice selectors', () => {
  it('asks for the next rows in sheet order, from a row number on, with the documented FILTER/ORDERBY/TOP', () => {
    expect(sliceSelector('Other Payments', null, 20000)).toBe('Top(OrderBy(Filter("Other Payments", TRUE), [_RowNumber]), 20000)');
    expect(sliceSelector('Payments', 40001, 20001)).toBe('Top(OrderBy(Filter("Payments", [_RowNumber] >= 40001), [_RowNumber]), 20001)');
    expect(sliceSelector('Payments', 7, 3, '[Last Changed] >= "21.11.2026 16:55:00"')).toBe(
      'Top(OrderBy(Filter("Payments", AND([Last Changed] >= "21.11.2026 16:55:00", [_RowNumber] >= 7)), [_RowNumber]), 3)',
    );
  });
});

describe('reading a table in slices', () => {
  it('reads every row once, slice by slice, each slice starting at the last row of the one before', async () => {
    const { sheet, client } = fakeSheet(range(2, 11));
    const rows = await findInSlices(client, 'T', 'ID', { sliceRows: 4 });
    expect(keys(rows)).toEqual(range(2, 11).map((n) => `K${n}`));
    expect(sheet.selectors).toEqual([
      'Top(OrderBy(Filter("T", TRUE), [_RowNumber]), 4)',
      'Top(OrderBy(Filter("T", [_RowNumber] >= 5), [_RowNumber]), 5)',
      'Top(OrderBy(Filter("T", [_RowNumber] >= 9), [_RowNumber]), 5)',
    ]);
  });

  it('is not fooled by gaps in the row numbers, however long', async () => {
    const numbers = [2, 3, 50, 51, 52, 900, 901, 5000, 5001, 5002, 5003];
    const { client } = fakeSheet(numbers);
    expect(keys(await findInSlices(client, 'T', 'ID', { sliceRows: 2 }))).toEqual(numbers.map((n) => `K${n}`));
  });

  it('ends a table that fills its last slice exactly with one more request, which finds only the anchor', async () => {
    const { sheet, client } = fakeSheet(range(2, 9));
    expect(await findInSlices(client, 'T', 'ID', { sliceRows: 4 })).toHaveLength(8);
    expect(sheet.selectors).toHaveLength(3);
  });

  it('reads an empty table, and a table smaller than a slice, with one request', async () => {
    for (const numbers of [[], [2, 3, 4]]) {
      const { sheet, client } = fakeSheet(numbers);
      expect(await findInSlices(client, 'T', 'ID', { sliceRows: 4 })).toHaveLength(numbers.length);
      expect(sheet.selectors).toHaveLength(1);
    }
  });

  it('starts over when a row above the anchor is deleted between slices, so the row that moved up is not lost', async () => {
    // Rows 2–9; after the first slice (2–5) the office deletes row 3: row 6 becomes row 5,
    // where the second slice (from 5 on) would have skipped it.
    const { sheet, client } = fakeSheet(range(2, 9), {
      beforeFind: (call, current) => {
        if (call !== 2) return;
        current.rows.splice(1, 1);
        current.rows.forEach((row, index) => (row._RowNumber = String(index + 2)));
      },
    });
    let restarts = 0;
    const rows: AppSheetRow[] = [];
    await readInSlices(client, 'T', 'ID', (slice) => void rows.push(...slice), { sliceRows: 4, onRestart: () => {
      restarts += 1;
      rows.length = 0;
    } });
    expect(keys(rows)).toEqual(['K2', 'K4', 'K5', 'K6', 'K7', 'K8', 'K9']);
    expect(restarts).toBe(1);
    expect(sheet.selectors.filter((selector) => selector.includes('TRUE'))).toHaveLength(2);
  });

  it('starts over when rows are inserted above the anchor, or the anchor row itself is deleted', async () => {
    const inserted = fakeSheet(range(2, 9), {
      beforeFind: (call, current) => {
        if (call !== 2) return;
        current.rows.unshift({ ID: 'NEW' });
        current.rows.forEach((row, index) => (row._RowNumber = String(index + 2)));
      },
    });
    expect(keys(await findInSlices(inserted.client, 'T', 'ID', { sliceRows: 4 }))).toEqual(['NEW', ...range(2, 9).map((n) => `K${n}`)]);

    const anchorGone = fakeSheet(range(2, 9), {
      beforeFind: (call, current) => {
        if (call === 2) current.rows.splice(3, 1); // K5, the anchor; numbers stay (a blank row)
      },
    });
    expect(keys(await findInSlices(anchorGone.client, 'T', 'ID', { sliceRows: 4 }))).toEqual(['K2', 'K3', 'K4', 'K6', 'K7', 'K8', 'K9']);
  });

  it('gives up after three reads of a table whose rows keep moving, and fails it', async () => {
    const { client } = fakeSheet(range(2, 20), {
      beforeFind: (call, current) => {
        if (call % 2 === 0) current.rows.unshift({ ID: `NEW${call}` });
        current.rows.forEach((row, index) => (row._RowNumber = String(index + 2)));
      },
    });
    await expect(findInSlices(client, 'T', 'ID', { sliceRows: 4 })).rejects.toThrow(/rows kept moving while the table was read in slices \(3 times\)/);
  });

  it('hands each slice over as it arrives, and says when what it handed over is void', async () => {
    const { client } = fakeSheet(range(2, 9), {
      beforeFind: (call, current) => {
        if (call !== 2) return;
        current.rows.splice(0, 1);
        current.rows.forEach((row, index) => (row._RowNumber = String(index + 2)));
      },
    });
    const events: string[] = [];
    const count = await readInSlices(client, 'T', 'ID', (rows) => void events.push(keys(rows).join(' ')), { sliceRows: 4, onRestart: () => events.push('restart') });
    expect(events).toEqual(['K2 K3 K4 K5', 'restart', 'K3 K4 K5 K6', 'K7 K8 K9']);
    expect(count).toBe(7);
  });

  it('takes an answer that ignored TOP() as the whole rest of the table', async () => {
    const { sheet, client } = fakeSheet(range(2, 30), { ignoreTop: true });
    expect(await findInSlices(client, 'T', 'ID', { sliceRows: 4 })).toHaveLength(29);
    expect(sheet.selectors).toHaveLength(1);
  });

  it('refuses to read on from a full slice whose rows have no row number or are out of order', () => {
    expect(() => takeSlice('T', 'ID', [{ ID: 'A' }, { ID: 'B' }], null, 2)).toThrow(AppSheetError);
    expect(() => takeSlice('T', 'ID', [{ ID: 'A' }, { ID: 'B' }], null, 2)).toThrow(/a row without a _RowNumber/);
    const unordered = [{ ID: 'A', _RowNumber: '5' }, { ID: 'B', _RowNumber: '3' }];
    expect(() => takeSlice('T', 'ID', unordered, null, 2)).toThrow(/not in _RowNumber order/);
    // The last slice needs neither: TOP() returned every row that matched.
    expect(takeSlice('T', 'ID', [{ ID: 'A' }], null, 2)).toEqual({ rows: [{ ID: 'A' }], next: null });
  });

  it('reads row numbers as AppSheet formats them for de-DE', () => {
    const page = [{ ID: 'A', _RowNumber: '1.233' }, { ID: 'B', _RowNumber: '1.234' }];
    expect(takeSlice('T', 'ID', page, null, 2)?.next).toEqual({ number: 1234, key: 'B' });
  });
});

describe('a source without row numbers (SYNC_SLICE_ROWS=0)', () => {
  function wholeTable(rows: AppSheetRow[]) {
    const selectors: (string | undefined)[] = [];
    const client: AppSheetClient = {
      async find(_table, selector) {
        selectors.push(selector);
        return rows;
      },
      edit: () => Promise.reject(new Error('not used')),
    };
    return { client, selectors };
  }
  const database = [{ ID: 'A' }, { ID: 'B' }, { ID: 'C' }];

  it('reads the whole table in one request and never names _RowNumber', async () => {
    const { client, selectors } = wholeTable(database);
    expect(keys(await findInSlices(client, 'T', 'ID', { sliceRows: 0 }))).toEqual(['A', 'B', 'C']);
    expect(selectors).toEqual([undefined]);
  });

  it("asks a delta's rows with its condition alone", async () => {
    const { client, selectors } = wholeTable(database);
    await findInSlices(client, 'T', 'ID', { sliceRows: 0, condition: '[Last Changed] >= "21.11.2026 16:55:00"' });
    expect(selectors).toEqual(['Filter("T", [Last Changed] >= "21.11.2026 16:55:00")']);
  });

  it('fails a table without row numbers when slices are asked for, so that nothing of it is deleted', async () => {
    const { client } = wholeTable(database.slice(0, 2));
    await expect(findInSlices(client, 'T', 'ID', { sliceRows: 2 })).rejects.toThrow(/without a _RowNumber; the table cannot be read in slices/);
  });
});
