import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APPSHEET_DOC, tablesSection, withGeneratedTables } from './appsheetTables';

describe('docs/appsheet.md', () => {
  it('lists every table and column exactly as the contract declares them (npm run docs:appsheet rewrites it)', () => {
    const page = readFileSync(APPSHEET_DOC, 'utf8');
    expect(page).toBe(withGeneratedTables(page));
  });

  it('names each column once with its type, whether it is required, its field and its values', () => {
    const section = tablesSection();
    expect(section).toContain('### Other Payments → `otherPayments`');
    expect(section).toContain('| Email | Email | yes | `primaryEmail` |  |');
    expect(section).toContain('| Balance | Decimal / Price |  | `balance` | blank → `0` |');
    expect(section).toContain('| Day | Enum | yes | `dayOfWeek` | `Mo.`, `Mo` → `Mo.`, `Di.`, `Di` → `Di.`');
    expect(section).toContain('| Direction | Enum | yes | `direction` | `Eingang` → `IN`, `Ausgang` → `OUT` |');
    expect(section).toContain('`memberId` is not a column');
  });

  it('marks the tables a school may leave out as optional, pointing to their docs', () => {
    const section = tablesSection();
    expect(section).toContain('### Offers → `offers` (optional)\n\n*Optional*: a school without booking leaves this table out.');
    expect(section).toContain('### Course Requests → `bookingRequests` (optional)');
    expect(section).toContain('| Status | Enum | yes | `status` | `Angefragt` → `requested`, `Bestätigt` → `confirmed`, `Abgelehnt` → `declined`, `Zurückgezogen` → `withdrawn`, `Warteliste` → `waiting` |');
    expect(section).toContain('### Plans → `plans`\n\n| AppSheet column');
    expect(section).toContain('### Closed Days → `closedDays` (optional)\n\n*Optional*: a school without closed days leaves this table out.');
    expect(section).toContain('### Mandates → `mandates` (optional)\n\n*Optional*: a school without direct debit leaves this table out.');
    expect(section).toContain('| Status | Enum | yes | `status` | `Aktiv` → `active`, `Widerrufen` → `revoked`, `Ersetzt` → `replaced`, `Ausgesetzt` → `suspended` |');
    expect(section).toContain('### Direct Debits → `debits` (optional)\n\n*Optional*: a school without direct debit collections leaves this table out.');
    expect(section).toContain('| Status | Enum | yes | `status` | `Angekündigt` → `announced`, `Eingereicht` → `filed`, `Zurückgegeben` → `returned`, `Zurückgezogen` → `withdrawn` |');
    expect(section.match(/\(optional\)/g)).toHaveLength(5);
  });

  it('refuses a page without the section it writes', () => {
    expect(() => withGeneratedTables('# AppSheet\n')).toThrow(/no "## Tables" heading/);
  });
});
