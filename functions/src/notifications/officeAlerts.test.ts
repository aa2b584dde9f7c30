import { describe, expect, it } from 'vitest';
import { decideOfficeMail, INITIAL_ALERT_STATE, officeMail, type AlertState, type SyncOutcome } from './officeAlerts';

const run = (status: SyncOutcome['status'], extra: Partial<SyncOutcome> = {}): SyncOutcome => ({
  status,
  syncType: 'delta',
  startedAt: '2026-11-26T13:30:00.000Z',
  error: null,
  ...extra,
});
const heldBack = run('warning', { heldBackDeletions: [{ table: 'payments', count: 312, reason: 'deletions held back: more than 20 of 313 documents of Payments at once' }] });

/** The kinds sent by a series of runs, each on its day. */
function sendsOf(runs: Array<[SyncOutcome, string]>, state: AlertState = INITIAL_ALERT_STATE) {
  return runs.map(([outcome, day]) => {
    const { send, next } = decideOfficeMail(state, outcome, day);
    state = next;
    return send;
  });
}

describe('decideOfficeMail', () => {
  it('sends nothing while runs succeed', () => {
    expect(sendsOf([[run('success'), '2026-11-26'], [run('success'), '2026-11-26']])).toEqual([null, null]);
  });

  it('alerts an error once a day, and gives one all-clear when a run succeeds again', () => {
    expect(
      sendsOf([
        [run('error'), '2026-11-26'],
        [run('error'), '2026-11-26'],
        [run('error'), '2026-11-27'],
        [run('success'), '2026-11-27'],
        [run('success'), '2026-11-27'],
      ]),
    ).toEqual(['error', null, 'error', 'allClear', null]);
  });

  it('alerts held-back deletions at once, apart from errors on the same day', () => {
    expect(sendsOf([[run('error'), '2026-11-26'], [heldBack, '2026-11-26'], [heldBack, '2026-11-26']])).toEqual(['error', 'heldBack', null]);
  });

  it('alerts warnings only when two runs in a row end with them', () => {
    expect(
      sendsOf([
        [run('warning'), '2026-11-26'],
        [run('success'), '2026-11-26'],
        [run('warning'), '2026-11-26'],
        [run('warning'), '2026-11-26'],
        [run('warning'), '2026-11-26'],
        [run('success'), '2026-11-26'],
      ]),
    ).toEqual([null, null, null, 'warnings', null, 'allClear']);
  });

  it('gives no all-clear after warnings that were never alerted, nor for a run still running', () => {
    expect(sendsOf([[run('warning'), '2026-11-26'], [run('success'), '2026-11-26']])).toEqual([null, null]);
    expect(sendsOf([[run('error'), '2026-11-26'], [run('running'), '2026-11-26']])).toEqual(['error', null]);
  });
});

describe('officeMail', () => {
  const settings = { language: 'de' as const, timeZone: 'Europe/Berlin', consoleUrl: 'https://portal.example.org/admin', association: { name: 'Schulverein Lindenhof e.V.', address: '' } };

  it('names the run, the tables with their counts, the reasons and the console, in German by default', () => {
    const mail = officeMail('heldBack', { ...heldBack, tables: { payments: { synced: 1, errors: 0, deleted: 0, written: 0, warnings: 2, heldBack: 312, olderSkipped: 0 } } as SyncOutcome['tables'] }, settings);
    expect(mail.subject).toBe('Familienportal: Löschungen warten auf Bestätigung');
    expect(mail.text).toContain('Die geplante Änderungssynchronisation vom 26.11.2026, 14:30 hat Löschungen zurückgehalten');
    expect(mail.text).toContain('Tabellen:\n- Payments: 312 zurückgehalten, 2 Hinweise');
    expect(mail.text).toContain('Gründe:\n- Payments: deletions held back: more than 20 of 313 documents of Payments at once');
    expect(mail.text).toContain('Zur Sync-Konsole: https://portal.example.org/admin');
    expect(mail.html).toContain('<a href="https://portal.example.org/admin" style="color:#0f766e">Zur Sync-Konsole</a>');
  });

  it('escapes what the office typed in the HTML, and speaks English and Russian when set', () => {
    const outcome = run('error', { error: 'AppSheet Find on Members: HTTP 500 <b>down</b>', syncType: 'full' });
    const english = officeMail('error', outcome, { ...settings, language: 'en' });
    expect(english.subject).toBe('Family Portal: sync failed');
    expect(english.text).toContain('The scheduled full sync of 26 Nov 2026, 14:30 ended with an error.');
    expect(english.html).toContain('HTTP 500 &lt;b&gt;down&lt;/b&gt;');
    expect(english.html).not.toContain('<b>down</b>');
    expect(officeMail('allClear', run('success'), { ...settings, language: 'ru' }).subject).toBe('Семейный портал: синхронизация снова в порядке');
  });
});
