import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCESS_KEY, DEMO_APP_ID, startDemoServer, type DemoServer } from '../appsheet/server';
import { checkAppSheetConnection, type AppSheetCheckSettings } from './appSheetCheck';

const ROOT = resolve(import.meta.dirname, '../..');
let demo: DemoServer;
let settings: AppSheetCheckSettings;

beforeAll(async () => {
  demo = await startDemoServer({ families: 12, seed: 3, today: '2026-11-26' });
  settings = { baseUrl: demo.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, zone: 'Europe/Berlin', sliceRows: 20_000 };
});
afterAll(() => demo.close());
afterEach(() => {
  for (const table of ['Payments', 'Lessons', 'Teachers', 'Quarters', 'Offers']) demo.setFault(table, null);
});

const messages = (findings: { level: string; setting: string; message: string }[]) => findings.map((f) => `${f.level} ${f.setting}: ${f.message}`);

describe('the AppSheet connection check (npm run doctor -- --appsheet)', () => {
  it('finds nothing to fix in an app built as docs/appsheet.md says, and reports each table with its times', async () => {
    const report = await checkAppSheetConnection(settings);
    expect(report.findings).toEqual([]);
    expect(report.lines[0]).toBe('Requests ask for Locale de-DE and Timezone "W. Europe Standard Time" (SCHOOL_TIME_ZONE Europe/Berlin); nothing is written');
    // Nine tables every school has, the two of booking, Closed Days, Mandates and Direct Debits.
    expect(report.lines).toHaveLength(1 + 14 + 1);
    expect(report.lines.find((line) => line.startsWith('Mandates:'))).toMatch(/^Mandates: \d+ rows in one request/);
    // Empty until the office's first collection run: no warning, and said so.
    expect(report.lines.find((line) => line.startsWith('Direct Debits:'))).toMatch(/^Direct Debits: 0 rows in one request, \d+\.\d\d s \(0\.0 MB\); no rows yet: its columns are checked once it has some$/);
    expect(report.lines.find((line) => line.startsWith('Closed Days:'))).toMatch(/^Closed Days: \d+ rows in one request/);
    expect(report.lines.find((line) => line.startsWith('Course Requests:'))).toMatch(/^Course Requests: \d+ rows in one request/);
    expect(report.lines.find((line) => line.startsWith('Payments:'))).toMatch(/^Payments: [\d,]+ rows in one request, \d+\.\d\d s \(\d+\.\d MB\); \d+ slices of \d+, \d+\.\d\d s; delta selector \d+\.\d\d s \(\d+ of \d+ rows\)$/);
    expect(report.lines.at(-1)).toMatch(/^Largest table: Payments, /);
  });

  it('tells a database source, without _RowNumber, to turn slices off', async () => {
    demo.setFault('Payments', 'no-row-number');
    const report = await checkAppSheetConnection(settings);
    expect(messages(report.findings)).toEqual([
      expect.stringMatching(/^error Payments: cannot be read in slices by _RowNumber \(.*Column '_RowNumber' does not exist.*\): set SYNC_SLICE_ROWS=0/),
    ]);
    // With slices off, the same app passes.
    expect((await checkAppSheetConnection({ ...settings, sliceRows: 0 })).findings).toEqual([]);
  });

  it('names a missing column and a renamed key column', async () => {
    demo.setFault('Lessons', 'missing-column', undefined, undefined, 'Price Per Hour');
    demo.setFault('Teachers', 'renamed-key');
    const report = messages((await checkAppSheetConnection(settings)).findings);
    expect(report).toContain('error Lessons: has no column "Price Per Hour" (docs/appsheet.md): every row would be rejected');
    expect(report).toContainEqual(expect.stringMatching(/^error Lessons: (\d+) of \1 rows would not be synced: \1 × column "Price Per Hour" is required but blank$/));
    expect(report).toContainEqual(expect.stringMatching(/^error Teachers: has no key column "Teacher ID" \(docs\/appsheet\.md\); it has Teacher ID \(renamed\)/));
    expect(report).toHaveLength(3);
  });

  it('finds day-first dates unreadable, and with them every change timestamp', async () => {
    demo.setFault('Quarters', 'day-first');
    const report = messages((await checkAppSheetConnection(settings)).findings);
    expect(report).toEqual([
      expect.stringMatching(/^error Quarters: (\d+) of \1 rows would not be synced: \1 × column "First Day": not a DD\.MM\.YYYY date \(e\.g\. "\d\d\/\d\d\/\d{4}"\)$/),
      'error Quarters: no readable "Last Changed" value: delta syncs would never see a change (a ChangeTimestamp column, sent as DD.MM.YYYY HH:MM:SS)',
    ]);
  });

  it('stops at a refused access key with one error, and the doctor exits non-zero', async () => {
    const report = await checkAppSheetConnection({ ...settings, accessKey: 'not-the-key' });
    expect(messages(report.findings)).toEqual([expect.stringMatching(/^error access key: AppSheet refuses it \(HTTP 403\)/)]);

    const dir = mkdtempSync(join(tmpdir(), 'doctor-appsheet-'));
    try {
      mkdirSync(join(dir, 'functions'));
      writeFileSync(join(dir, 'functions/.env.lindenhof-portal'), `APPSHEET_BASE_URL=${demo.url}\nAPPSHEET_APP_ID=${DEMO_APP_ID}\n`);
      // Not spawnSync: the demo server answering the doctor runs in this process.
      const run = (key: string) =>
        new Promise<{ status: number; stdout: string }>((done) => {
          const args = ['tools/doctor.ts', '--project', 'lindenhof-portal', '--appsheet', '--dir', dir];
          execFile(join(ROOT, 'node_modules/.bin/tsx'), args, { cwd: ROOT, env: { ...process.env, APPSHEET_ACCESS_KEY: key } }, (failure, stdout) =>
            done({ status: failure ? Number(failure.code) : 0, stdout }),
          );
        });
      const refused = await run('not-the-key');
      expect(refused.stdout).toContain('✗ access key: AppSheet refuses it (HTTP 403)');
      expect(refused.status).toBe(1);
      const passed = await run(DEMO_ACCESS_KEY);
      expect(passed.stdout).toContain('0 errors, 0 warnings: the first sync can run.');
      expect(passed.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('warns of an empty table every school fills, which is more likely the wrong table than a new one', async () => {
    const empty = await startDemoServer({ families: 12, seed: 3, today: '2026-11-26' });
    try {
      empty.store.tables.Teachers = [];
      const report = await checkAppSheetConnection({ ...settings, baseUrl: empty.url });
      expect(messages(report.findings)).toEqual(['warning Teachers: has no rows: its columns and values could not be checked']);
    } finally {
      await empty.close();
    }
  });

  it('warns, without an error, that an app without the booking tables has no booking', async () => {
    const without = await startDemoServer({ families: 12, seed: 3, today: '2026-11-26', booking: false });
    try {
      const report = await checkAppSheetConnection({ ...settings, baseUrl: without.url });
      expect(messages(report.findings)).toEqual([
        "warning booking: no booking: add the tables Offers and Course Requests as docs/booking.md describes to let families book next quarter's courses",
      ]);
      expect(report.lines).toContain('Offers: not in the app (optional)');
      expect(report.lines).toContain('Course Requests: not in the app (optional)');
      // Half of booking is no booking either: the missing table is named.
      without.store.tables.Offers = demo.store.tables.Offers ?? [];
      expect(messages((await checkAppSheetConnection({ ...settings, baseUrl: without.url })).findings)).toEqual([
        "warning booking: no booking: add the table Course Requests as docs/booking.md describes to let families book next quarter's courses",
      ]);
    } finally {
      await without.close();
    }
  });

  it('warns of each feature an app goes without, once: no booking, no closed days, no direct debit, no collections', async () => {
    const without = await startDemoServer({ families: 12, seed: 3, today: '2026-11-26', booking: false, closedDays: false, mandates: false, debits: false });
    try {
      const report = await checkAppSheetConnection({ ...settings, baseUrl: without.url });
      expect(messages(report.findings)).toEqual([
        "warning booking: no booking: add the tables Offers and Course Requests as docs/booking.md describes to let families book next quarter's courses",
        "warning closed days: no closed days: add the table Closed Days as docs/calendar.md describes so that the families' plans and calendars leave out the days the school is closed",
        'warning direct debit: no direct debit: add the table Mandates as docs/payments.md describes to let families pay by SEPA direct debit',
        'warning direct debit collections: no direct debit collections: add the table Direct Debits as docs/payments.md describes to collect what families owe by direct debit',
      ]);
      expect(report.lines).toContain('Closed Days: not in the app (optional)');
      expect(report.lines).toContain('Mandates: not in the app (optional)');
      expect(report.lines).toContain('Direct Debits: not in the app (optional)');
    } finally {
      await without.close();
    }
  });

  it('checks the booking tables like the others when the app has them', async () => {
    demo.setFault('Offers', 'missing-column', undefined, undefined, 'Places');
    const report = messages((await checkAppSheetConnection(settings)).findings);
    expect(report).toContain('error Offers: has no column "Places" (docs/appsheet.md): every row would be rejected');
    expect(report.filter((finding) => finding.includes('booking'))).toEqual([]);
  });

  it('never writes: the demo app holds the same rows after every check', async () => {
    const before = JSON.stringify(demo.store.tables);
    await checkAppSheetConnection(settings);
    expect(JSON.stringify(demo.store.tables)).toBe(before);
  });
});
