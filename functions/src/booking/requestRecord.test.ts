import { describe, expect, it } from 'vitest';
import { parseList } from '../sync/mapping/values';
import { AppSheetError } from '../sync/appsheet/appsheetClient';
import { failureOf } from '../http/appSheetWrites';
import { listCell, mapRequestRows, requestRow } from './requestRecord';

describe('Course Requests rows', () => {
  it("write statuses in the office's words, lists as AppSheet's EnumList, blanks as empty cells", () => {
    expect(requestRow('REQ-1', { status: 'withdrawn', roomHourIds: ['RH1', 'RH2'], weeks: 12, note: null })).toEqual({
      'Request ID': 'REQ-1',
      Status: 'Zurückgezogen',
      'Room Hour IDs': 'RH1 , RH2',
      Weeks: '12',
      Note: '',
    });
  });

  it('write lists the sync reads back as they were', () => {
    expect(parseList(listCell(['RH001-1', 'RH001-2']))).toEqual(['RH001-1', 'RH001-2']);
  });

  it("map AppSheet's answer by key, leaving out a row that does not map", () => {
    const mapped = mapRequestRows([
      {
        'Request ID': 'REQ-1',
        'Child ID': 'C1',
        'Quarter ID': 'Q1',
        'Lesson ID': 'L1',
        'Offer ID': 'O1',
        'Room Hour IDs': 'RH1 , RH2',
        Weeks: '12',
        Status: 'Angefragt',
        'Requested At': '10.01.2027 11:00:00',
        'Last Changed': '10.01.2027 11:00:01',
      },
      { 'Request ID': 'REQ-2', Status: 'Vielleicht' },
    ]);
    expect([...mapped.keys()]).toEqual(['REQ-1']);
    expect(mapped.get('REQ-1')).toMatchObject({
      doc: { childId: 'C1', roomHourIds: ['RH1', 'RH2'], weeks: 12, status: 'requested', requestedAt: '2027-01-10T10:00:00.000Z', note: null },
      changedAt: '2027-01-10T10:00:01.000Z',
    });
  });

  it("log a failure by its status and a code, never AppSheet's text (it may echo the row)", () => {
    const echoed = "AppSheet Add on Course Requests: HTTP 400 Invalid value for 'Requested By': anna@example.com";
    expect(failureOf(new AppSheetError(echoed, 400, false))).toEqual({ status: 400, code: 'refused' });
    expect(failureOf(new AppSheetError('AppSheet Add on Course Requests: HTTP 503 anna@example.com', 503, true))).toEqual({ status: 503, code: 'transient' });
    expect(failureOf(new AppSheetError('AppSheet Find on Course Requests: timed out after 15000 ms', null, true))).toEqual({ status: null, code: 'timeout' });
    expect(JSON.stringify(failureOf(new Error(echoed)))).not.toContain('anna');
  });
});
