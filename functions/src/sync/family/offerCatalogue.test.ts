import { describe, expect, it } from 'vitest';
import { buildCatalogues, type CatalogueSources } from './offerCatalogue';

const quarter = (id: string, firstDay: string, lastDay: string) => ({ id, name: id, firstDay, lastDay });
const lesson = (id: string, name: string, teacherId: string | null = 'T1') => ({ id, name, teacherId, hours: null, pricePerHour: 15, extrasPerQuarter: 10 });
const roomHour = (id: string, lessonId: string, dayOfWeek: string, hourRefLabel: string) => ({ id, lessonId, dayOfWeek, hourRefLabel, roomName: 'Aula' });
const offer = (id: string, lessonId: string, roomHourIds: string[] = [], quarterId = 'Q2027-1') => ({ id, quarterId, lessonId, roomHourIds, places: 8, weeks: 12, requestsUntil: '2026-12-12' });

const sources = (offers: ReturnType<typeof offer>[]): CatalogueSources => ({
  offers,
  quarters: [quarter('Q2026-4', '2026-10-01', '2026-12-31'), quarter('Q2027-1', '2027-01-01', '2027-03-31'), quarter('Q2026-3', '2026-07-01', '2026-09-30')],
  lessons: new Map([lesson('L1', 'Schach'), lesson('L2', 'Ballett', null), lesson('L3', 'Kunst', 'T9')].map((l) => [l.id, l])),
  roomHours: [roomHour('RH1-2', 'L1', 'Mo.', '3 - 15:40-16:25'), roomHour('RH1-1', 'L1', 'Mo.', '1 - 14:00-14:45'), roomHour('RH1-3', 'L1', 'Sa.', '1 - 10:00'), roomHour('RH2-1', 'L2', 'Di.', '2 - 14:50')],
  teachers: new Map([['T1', { name: 'Olga Becker' }]]),
});

describe('the offer catalogue', () => {
  it("shows each offer with its lesson's name, teacher, money and room hours, sorted as the plans page sorts them", () => {
    const { catalogues, warnings } = buildCatalogues(sources([offer('O1', 'L1'), offer('O2', 'L2')]), '2026-11-21');
    expect(warnings).toEqual([]);
    expect([...catalogues.keys()]).toEqual(['Q2027-1']);
    const catalogue = catalogues.get('Q2027-1');
    expect(catalogue?.quarter).toEqual({ id: 'Q2027-1', name: 'Q2027-1', firstDay: '2027-01-01', lastDay: '2027-03-31' });
    expect(catalogue?.offers.map((o) => o.lessonName)).toEqual(['Ballett', 'Schach']);
    expect(catalogue?.offers[1]).toEqual({
      offerId: 'O1',
      lessonId: 'L1',
      lessonName: 'Schach',
      teacherName: 'Olga Becker',
      hours: null,
      pricePerHour: 15,
      extrasPerQuarter: 10,
      weeks: 12,
      places: 8,
      requestsUntil: '2026-12-12',
      roomHours: [
        { id: 'RH1-1', dayOfWeek: 'Mo.', hourRefLabel: '1 - 14:00-14:45', roomName: 'Aula' },
        { id: 'RH1-2', dayOfWeek: 'Mo.', hourRefLabel: '3 - 15:40-16:25', roomName: 'Aula' },
        { id: 'RH1-3', dayOfWeek: 'Sa.', hourRefLabel: '1 - 10:00', roomName: 'Aula' },
      ],
    });
    expect(catalogue?.offers[0]?.teacherName).toBeNull();
  });

  it('offers only the room hours an offer lists, and leaves out one that is not its lesson’s, with a warning', () => {
    const { catalogues, warnings } = buildCatalogues(sources([offer('O1', 'L1', ['RH1-3', 'RH2-1'])]), '2026-11-21');
    expect(catalogues.get('Q2027-1')?.offers[0]?.roomHours.map((h) => h.id)).toEqual(['RH1-3']);
    expect(warnings).toEqual([{ table: 'offers', key: 'O1', quarterId: 'Q2027-1', reason: 'column "Room Hour IDs": "RH2-1" is not a room hour of lesson "L1"; left out' }]);
  });

  it('leaves out offers it cannot show, saying why', () => {
    const { catalogues, warnings } = buildCatalogues(
      sources([offer('O1', 'L1'), offer('O2', 'L1'), offer('O3', 'L9'), offer('O4', 'L3'), offer('O5', 'L2', [], 'Q2099-1')]),
      '2026-11-21',
    );
    expect(catalogues.get('Q2027-1')?.offers.map((o) => o.offerId)).toEqual(['O1']);
    expect(warnings.map((w) => `${w.key}: ${w.reason}`)).toEqual([
      'O2: lesson "L1" is offered in quarter "Q2027-1" by offer "O1" already (one offer per lesson and quarter); not offered',
      'O3: column "Lesson ID": no lesson "L9"; not offered',
      'O4: lesson "L3" has no room hour to offer; not offered',
      'O5: column "Quarter ID": no quarter "Q2099-1"; not offered',
    ]);
  });

  it('makes a catalogue for every quarter with offers that is not over on the school’s today, and none for the rest', () => {
    const offers = [offer('O1', 'L1', [], 'Q2026-3'), offer('O2', 'L1', [], 'Q2026-4'), offer('O3', 'L2')];
    expect([...buildCatalogues(sources(offers), '2026-11-21').catalogues.keys()].sort()).toEqual(['Q2026-4', 'Q2027-1']);
    // The last day still counts; the day after, the quarter is over.
    expect([...buildCatalogues(sources(offers), '2026-12-31').catalogues.keys()].sort()).toEqual(['Q2026-4', 'Q2027-1']);
    expect([...buildCatalogues(sources(offers), '2027-01-01').catalogues.keys()]).toEqual(['Q2027-1']);
    expect(buildCatalogues(sources([]), '2026-11-21').catalogues.size).toBe(0);
  });
});
