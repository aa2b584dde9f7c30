import { addDays, firstWeekday, hourLabel, lessonTimes, WEEKDAYS } from '@family-portal/contract';
import ICAL from 'ical.js';
import { describe, expect, it, vi } from 'vitest';
import { closedDay } from '../../../tests/support/closedDays';
import { calendarFeed, type FeedFamily } from './feed';

const TIME_ZONE = 'Europe/Berlin';

/**
 * Two children; Piano on two weekdays; labels in the three shapes the office types and one
 * without a time; the current quarter runs over the end of summer time (25 October 2026).
 */
const family: FeedFamily = {
  children: [
    { id: 'C1', name: 'Mia' },
    { id: 'C2', name: 'Leo' },
  ],
  quarters: [
    { id: 'Q2', name: '2026 Q2', status: 'closed', firstDay: '2026-04-13', lastDay: '2026-06-26' },
    { id: 'Q3', name: '2026 Q3', status: 'active', firstDay: '2026-08-31', lastDay: '2026-11-20' },
    { id: 'Q4', name: '2026 Q4', status: 'planned', firstDay: '2026-11-30', lastDay: '2027-02-12' },
    { id: 'Q5', name: '2027 Q1', status: 'planned', firstDay: '2027-02-22', lastDay: '2027-05-14' },
  ],
  lessons: new Map([
    ['L1', { name: 'Piano', teacherId: 'T1', whatsappGroup: 'https://chat.whatsapp.com/Piano123' }],
    ['L2', { name: 'Chess', teacherId: 'T2', whatsappGroup: 'javascript:alert(1)' }],
  ]),
  teachers: new Map([
    ['T1', { name: 'Frau Klein' }],
    ['T2', { name: 'Herr Groß' }],
  ]),
  roomHours: new Map([
    ['RH1', { dayOfWeek: 'Mo.', hourRefLabel: '3 15:00-16:00', roomName: 'Raum 1' }],
    ['RH2', { dayOfWeek: 'Do.', hourRefLabel: '3 15:00-16:00', roomName: 'Raum 1' }],
    ['RH3', { dayOfWeek: 'Di.', hourRefLabel: '08:00-08:45', roomName: 'Aula' }],
    ['RH4', { dayOfWeek: 'Mi.', hourRefLabel: '8.00-8.45', roomName: null }],
    ['RH5', { dayOfWeek: 'Fr.', hourRefLabel: '5 nach Absprache', roomName: 'Aula' }],
  ]),
  plans: [
    { id: 'P1', childId: 'C1', quarterId: 'Q3', lessonId: 'L1', roomHourIds: ['RH1', 'RH2'] },
    { id: 'P2', childId: 'C2', quarterId: 'Q3', lessonId: 'L2', roomHourIds: ['RH3', 'RH4', 'RH5'] },
    { id: 'P3', childId: 'C2', quarterId: 'Q4', lessonId: 'L1', roomHourIds: ['RH1'] },
    { id: 'P4', childId: 'C1', quarterId: 'Q2', lessonId: 'L2', roomHourIds: ['RH3'] },
    { id: 'P5', childId: 'C1', quarterId: 'Q5', lessonId: 'L2', roomHourIds: ['RH3'] },
  ],
  cancellations: [],
  closedDays: [],
};

const settings = { language: 'en' as const, timeZone: TIME_ZONE, today: '2026-10-01', domain: 'family-portal', stamp: '2026-09-14T08:30:00.000Z' };

interface Occurrence {
  uid: string;
  summary: string;
  /** As the school's clock shows it. */
  day: string;
  weekday: number;
  times: string;
  utcStart: string;
}

/** Every occurrence of every event, read back with a real parser and its VTIMEZONE. */
function occurrences(ics: string): { calendar: ICAL.Component; occurrences: Occurrence[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const found: Occurrence[] = [];
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    const minutes = event.duration.toSeconds() / 60;
    const iterator = event.iterator();
    for (let start = iterator.next(); start; start = iterator.next()) {
      const end = start.clone();
      end.addDuration(ICAL.Duration.fromSeconds(minutes * 60));
      const clock = (time: ICAL.Time) => `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
      found.push({
        uid: event.uid,
        summary: event.summary,
        day: `${start.year}-${String(start.month).padStart(2, '0')}-${String(start.day).padStart(2, '0')}`,
        weekday: (start.dayOfWeek() + 5) % 7,
        times: `${clock(start)}-${clock(end)}`,
        utcStart: start.toJSDate().toISOString(),
      });
      if (found.length > 1000) throw new Error('an event without an end');
    }
  }
  return { calendar, occurrences: found };
}

/** The plans page's reading of a room hour: its weekday and its label's times, as HH:MM-HH:MM. */
function asThePlansPageShows(roomHourId: string) {
  const roomHour = family.roomHours.get(roomHourId)!;
  const times = lessonTimes(roomHour.hourRefLabel)!;
  const clock = ({ hour, minute }: { hour: number; minute: number }) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  expect(hourLabel(roomHour.hourRefLabel).replace(/\./g, ':').replace(/\b(\d):/g, '0$1:')).toBe(`${clock(times.start)}-${clock(times.end)}`);
  return { weekday: (WEEKDAYS as readonly string[]).indexOf(roomHour.dayOfWeek), times: `${clock(times.start)}-${clock(times.end)}` };
}

describe('lessonTimes', () => {
  it('reads the three shapes of label, and nothing from a label without a time range', () => {
    expect(lessonTimes('3 15:00-16:00')).toEqual({ start: { hour: 15, minute: 0 }, end: { hour: 16, minute: 0 } });
    expect(lessonTimes('08:00-08:45')).toEqual({ start: { hour: 8, minute: 0 }, end: { hour: 8, minute: 45 } });
    expect(lessonTimes('8.00-8.45')).toEqual({ start: { hour: 8, minute: 0 }, end: { hour: 8, minute: 45 } });
    expect(lessonTimes('3 - 15:40-16:25')).toEqual({ start: { hour: 15, minute: 40 }, end: { hour: 16, minute: 25 } });
    for (const label of ['5 nach Absprache', '8.00 Uhr', '3 16:00-15:00', '25:00-26:00', '']) expect(lessonTimes(label)).toBeNull();
  });
});

describe('calendarFeed', () => {
  const feed = calendarFeed(family, settings);
  const { calendar, occurrences: all } = occurrences(feed.ics);

  it('has one weekly event per room hour of the current and the next quarter, with stable ids', () => {
    const uids = [...new Set(all.map((occurrence) => occurrence.uid))].sort();
    expect(uids).toEqual(['P1.RH1@family-portal', 'P1.RH2@family-portal', 'P2.RH3@family-portal', 'P2.RH4@family-portal', 'P3.RH1@family-portal']);
    expect(feed.events).toBe(5);
  });

  it('gives the same bytes for the same courses at any later moment, so that the ETag holds', () => {
    vi.useFakeTimers({ now: Date.parse('2026-10-05T10:00:00Z') });
    try {
      const later = calendarFeed(family, settings).ics;
      expect(later).toBe(feed.ics);
      // DTSTAMP in UTC (RFC 5545), and the zone of the lessons described once.
      expect(later).toContain('DTSTAMP:20260914T083000Z');
      expect(later.match(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Berlin\r\n/g)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("puts every occurrence on the plans page's weekday and time, within its quarter, through the end of summer time", () => {
    const quarterOf = { P1: 'Q3', P2: 'Q3', P3: 'Q4' } as const;
    for (const occurrence of all) {
      const [planId, roomHourId] = occurrence.uid.replace('@family-portal', '').split('.') as [keyof typeof quarterOf, string];
      const quarter = family.quarters.find((q) => q.id === quarterOf[planId])!;
      expect({ weekday: occurrence.weekday, times: occurrence.times }).toEqual(asThePlansPageShows(roomHourId));
      expect(occurrence.day >= quarter.firstDay && occurrence.day <= quarter.lastDay).toBe(true);
    }
    // Every Monday of the current quarter, 31 August to 16 November: 12 lessons, none missing.
    const mondays = all.filter((occurrence) => occurrence.uid === 'P1.RH1@family-portal');
    expect(mondays.map((o) => o.day)).toEqual(Array.from({ length: 12 }, (_, week) => addDays('2026-08-31', week * 7)));
    expect(all.filter((o) => o.uid === 'P1.RH2@family-portal')[0]?.day).toBe(firstWeekday('2026-08-31', 3));
    // 15:00 on the school's clock on both sides of 25 October: 13:00Z in summer, 14:00Z in winter.
    expect(mondays.find((o) => o.day === '2026-10-19')?.utcStart).toBe('2026-10-19T13:00:00.000Z');
    expect(mondays.find((o) => o.day === '2026-10-26')?.utcStart).toBe('2026-10-26T14:00:00.000Z');
  });

  it('names the child and the course, the room, the teacher and only a safe https link', () => {
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const piano = events.find((event) => event.uid === 'P1.RH1@family-portal')!;
    expect(piano.summary).toBe('Mia: Piano');
    expect(piano.location).toBe('Raum 1');
    expect(piano.description).toBe('Teacher: Frau Klein\nClass chat: https://chat.whatsapp.com/Piano123');
    const chess = events.find((event) => event.uid === 'P2.RH4@family-portal')!;
    expect(chess.summary).toBe('Leo: Chess');
    expect(chess.description).toBe('Teacher: Herr Groß');
    expect(chess.location).toBeNull();
  });

  it("keeps office-typed text inside its property: a line break in a name or a label adds no event", () => {
    const hostile = { ...family, children: [{ id: 'C1', name: 'Mia\r\nEND:VEVENT\r\nBEGIN:VEVENT' }, family.children[1]!] };
    const roomHours = new Map(family.roomHours).set('RH5', { dayOfWeek: 'Fr.', hourRefLabel: '5 nach\nBEGIN:VEVENT', roomName: 'Aula\nEND:VCALENDAR' });
    const parsed = occurrences(calendarFeed({ ...hostile, roomHours }, settings).ics);
    expect(new Set(parsed.occurrences.map((occurrence) => occurrence.uid)).size).toBe(5);
    expect(parsed.calendar.getAllSubcomponents('vevent')).toHaveLength(5);
    expect(parsed.occurrences.find((occurrence) => occurrence.uid === 'P1.RH1@family-portal')?.summary).toBe('Mia\r\nEND:VEVENT\r\nBEGIN:VEVENT: Piano'.replace(/\r\n/g, '\n'));
  });

  it('escapes the text it writes itself: a key or a label cannot add a line to the calendar', () => {
    const plans = [{ ...family.plans[0]!, id: 'P1\r\nATTENDEE:mailto:x@example.com;X' }];
    const roomHours = new Map(family.roomHours).set('RH2', { dayOfWeek: 'Do.', hourRefLabel: 'bald;\r\nEND:VCALENDAR\\, sonst', roomName: null });
    const { ics, unreadable } = calendarFeed({ ...family, plans, roomHours }, settings);
    const lines = ics.split('\r\n');
    expect(lines.filter((line) => /^(ATTENDEE|END:VCALENDAR)/.test(line))).toEqual(['END:VCALENDAR']);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const [event] = calendar.getAllSubcomponents('vevent');
    expect(event!.getFirstPropertyValue('uid')).toBe('P1\nATTENDEE:mailto:x@example.com;X.RH1@family-portal');
    expect(event!.getAllProperties().map((property) => property.name)).not.toContain('attendee');
    expect(unreadable).toEqual(['Mia: Piano (Do. bald;\r\nEND:VCALENDAR\\, sonst)']);
    // ical.js gives an X- property's value as written; calendar apps read it as TEXT, unescaped.
    expect(calendar.getFirstPropertyValue('x-wr-caldesc')).toBe(
      'These lesson times could not be read and are not in this calendar\\; the Plans page of the portal shows them: Mia: Piano (Do. bald\\;\\nEND:VCALENDAR\\\\\\, sonst)',
    );
  });

  it('lists a label without a readable time in the feed description, never as an event at a guessed time', () => {
    expect(feed.unreadable).toEqual(['Leo: Chess (Fr. 5 nach Absprache)']);
    expect(all.some((occurrence) => occurrence.weekday === 4)).toBe(false);
    expect(calendar.getFirstPropertyValue('x-wr-caldesc')).toContain('Leo: Chess (Fr. 5 nach Absprache)');
  });

  it("writes in the address's language, with no weekday names at all", () => {
    const german = calendarFeed(family, { ...settings, language: 'de' }).ics;
    expect(german).toContain('Lehrkraft: Frau Klein');
    expect(german).toContain('Kurse (Familienportal)');
    const russian = calendarFeed(family, { ...settings, language: 'ru' }).ics;
    expect(russian).toContain('Преподаватель: Frau Klein');
    for (const ics of [feed.ics, german, russian]) {
      const words = ics.split(/\r\n/).filter((line) => /^(SUMMARY|DESCRIPTION|LOCATION|X-WR-CALDESC|X-WR-CALNAME)/.test(line));
      for (const day of ['Montag', 'Donnerstag', 'Monday', 'Thursday', 'понедельник']) expect(words.join('\n')).not.toContain(day);
    }
    expect(feed.ics).not.toMatch(/Lehrkraft|Klassenchat/);
  });
});

describe('a cancelled lesson', () => {
  // Piano (L1): Mondays (RH1) and Thursdays (RH2) this quarter. Cancelled on Monday 19 October for
  // every room hour, on Monday 2 November (winter time) for RH1 only; the cancellations of Thursday
  // 22 October for RH1 (a Monday hour) and of Tuesday 20 October match no occurrence.
  const cancellations = [
    { lessonId: 'L1', date: '2026-11-02', roomHourId: 'RH1', reason: 'Teacher ill' },
    { lessonId: 'L1', date: '2026-10-19', roomHourId: null, reason: 'Staff training; room closed' },
    { lessonId: 'L1', date: '2026-10-22', roomHourId: 'RH1', reason: 'Nothing' },
    { lessonId: 'L1', date: '2026-10-20', roomHourId: null, reason: 'Nothing' },
    { lessonId: 'L2', date: '2026-10-19', roomHourId: null, reason: 'Nothing' },
  ];
  const feed = calendarFeed({ ...family, cancellations }, settings);
  const calendar = new ICAL.Component(ICAL.parse(feed.ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const components = calendar.getAllSubcomponents('vevent');
  const day = (time: ICAL.Time) => `${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;

  /** The series of a UID with its overrides related, as a calendar app reads them: each occurrence's date and status. */
  function series(uid: string) {
    const events = components.filter((component) => component.getFirstPropertyValue('uid') === uid).map((component) => new ICAL.Event(component));
    const master = events.find((event) => !event.isRecurrenceException())!;
    for (const exception of events.filter((event) => event.isRecurrenceException())) master.relateException(exception);
    const found: Array<{ date: string; utcStart: string; status: string; summary: string; description: string }> = [];
    const iterator = master.iterator();
    for (let start = iterator.next(); start; start = iterator.next()) {
      const details = master.getOccurrenceDetails(start);
      found.push({
        date: day(details.recurrenceId),
        utcStart: details.startDate.toJSDate().toISOString(),
        status: String(details.item.component.getFirstPropertyValue('status') ?? 'CONFIRMED'),
        summary: details.item.summary,
        description: details.item.description,
      });
    }
    return { master, exceptions: events.filter((event) => event.isRecurrenceException()), occurrences: found };
  }

  it('overrides that occurrence of the series as cancelled, with the reason, and keeps every other one', () => {
    const mondays = series('P1.RH1@family-portal');
    expect(mondays.occurrences).toHaveLength(12);
    const cancelled = mondays.occurrences.filter((occurrence) => occurrence.status === 'CANCELLED');
    expect(cancelled.map((occurrence) => occurrence.date)).toEqual(['2026-10-19', '2026-11-02']);
    expect(cancelled[0]).toMatchObject({ summary: 'Cancelled: Mia: Piano', utcStart: '2026-10-19T13:00:00.000Z' });
    expect(cancelled[0]!.description).toBe('Cancelled by the school office: Staff training; room closed\nTeacher: Frau Klein\nClass chat: https://chat.whatsapp.com/Piano123');
    expect(cancelled[1]).toMatchObject({ utcStart: '2026-11-02T14:00:00.000Z', description: expect.stringMatching(/^Cancelled by the school office: Teacher ill\n/) });
    expect(mondays.occurrences.filter((occurrence) => occurrence.status !== 'CANCELLED').every((occurrence) => occurrence.summary === 'Mia: Piano')).toBe(true);
    expect(feed).toMatchObject({ events: 5, cancelled: 2 });
  });

  it("names each cancelled occurrence by the series' UID and its start in the same time zone form as DTSTART", () => {
    const { master, exceptions } = series('P1.RH1@family-portal');
    const starts = new Set<string>();
    const iterator = master.iterator();
    for (let start = iterator.next(); start; start = iterator.next()) starts.add(start.toString());
    for (const exception of exceptions) {
      expect(starts.has(exception.recurrenceId.toString())).toBe(true);
      expect(exception.component.getFirstProperty('recurrence-id')!.getParameter('tzid')).toBe(master.component.getFirstProperty('dtstart')!.getParameter('tzid'));
      expect(exception.startDate.toString()).toBe(exception.recurrenceId.toString());
    }
    expect(feed.ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261019T150000');
  });

  it('leaves the series of other room hours, other lessons and other dates alone, and restores an occurrence when its cancellation goes', () => {
    for (const uid of ['P1.RH2@family-portal', 'P2.RH3@family-portal', 'P2.RH4@family-portal', 'P3.RH1@family-portal']) {
      expect(series(uid).exceptions, uid).toEqual([]);
    }
    const withdrawn = calendarFeed({ ...family, cancellations: cancellations.filter((cancellation) => cancellation.date !== '2026-10-19') }, settings);
    expect(withdrawn.cancelled).toBe(1);
    expect(withdrawn.ics).not.toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261019T150000');
    expect(withdrawn.ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261102T150000');
    expect(feed.ics).not.toContain('Nothing');
    expect(calendarFeed(family, settings).ics).not.toContain('STATUS:CANCELLED');
  });

  it('gives the same bytes whatever order the cancellations are read in, and different ones when they change', () => {
    expect(calendarFeed({ ...family, cancellations: [...cancellations].reverse() }, settings).ics).toBe(feed.ics);
    expect(feed.ics).not.toBe(calendarFeed(family, settings).ics);
  });

  it("writes the cancellation in the address's language", () => {
    const german = calendarFeed({ ...family, cancellations }, { ...settings, language: 'de' }).ics;
    expect(german).toContain('SUMMARY:Fällt aus: Mia: Piano');
    expect(german).toContain('Vom Büro abgesagt: Teacher ill');
    const russian = calendarFeed({ ...family, cancellations }, { ...settings, language: 'ru' }).ics;
    expect(russian).toContain('SUMMARY:Отменено: Mia: Piano');
  });
});

describe('a day the office closed the school', () => {
  // A closure (lessonId null) on Monday 9 November and one on Wednesday 11 November: every
  // series of the family with a lesson that day is cancelled then, and nothing else.
  const closures = [
    { lessonId: null, date: '2026-11-09', roomHourId: null, reason: 'Snow' },
    { lessonId: null, date: '2026-11-11', roomHourId: null, reason: 'Strike' },
  ];
  const feed = calendarFeed({ ...family, cancellations: closures }, settings);

  it("cancels each of the family's lessons that day, with the reason, and no other occurrence", () => {
    const calendar = new ICAL.Component(ICAL.parse(feed.ics));
    const cancelled = calendar
      .getAllSubcomponents('vevent')
      .filter((component) => component.getFirstPropertyValue('status') === 'CANCELLED')
      .map((component) => {
        const event = new ICAL.Event(component);
        return `${event.uid} ${event.recurrenceId.toString().slice(0, 10)} ${event.description.split('\n')[0]}`;
      })
      .sort();
    expect(cancelled).toEqual([
      'P1.RH1@family-portal 2026-11-09 Cancelled by the school office: Snow',
      'P2.RH4@family-portal 2026-11-11 Cancelled by the school office: Strike',
    ]);
    expect(feed.cancelled).toBe(2);
  });
});

describe('the days the school is closed', () => {
  // Autumn holidays across the end of summer time's week (the whole school); Chess's first
  // Tuesday (RH3, that lesson only); one Thursday of Piano's (RH2, that room hour only).
  const closedDays = [
    closedDay('Herbstferien', '2026-10-12', '2026-10-23'),
    closedDay('Chess off', '2026-09-01', '2026-09-01', { lessonId: 'L2' }),
    closedDay('Room 1 repainted', '2026-11-05', '2026-11-05', { lessonId: 'L1', roomHourId: 'RH2' }),
    closedDay('Another lesson', '2026-09-07', '2026-09-07', { lessonId: 'L9' }),
  ];
  const feed = calendarFeed({ ...family, closedDays }, settings);
  const { occurrences: all } = occurrences(feed.ics);
  const daysOf = (uid: string) => all.filter((occurrence) => occurrence.uid === uid).map((occurrence) => occurrence.day);

  it('leaves out every occurrence on a closed day, as an independent parser reads the feed', () => {
    const mondays = daysOf('P1.RH1@family-portal');
    expect(mondays).toHaveLength(10);
    expect(mondays).not.toContain('2026-10-12');
    expect(mondays).not.toContain('2026-10-19');
    expect(daysOf('P1.RH2@family-portal')).toEqual(
      Array.from({ length: 12 }, (_, week) => addDays('2026-09-03', week * 7)).filter((day) => !['2026-10-15', '2026-10-22', '2026-11-05'].includes(day)),
    );
    expect(feed.ics).toContain('EXDATE;TZID=Europe/Berlin:20261012T150000,20261019T150000');
  });

  it('keeps the times across the end of summer time, and closes a lesson or a room hour only where the row says', () => {
    const mondays = all.filter((occurrence) => occurrence.uid === 'P1.RH1@family-portal');
    expect(mondays.find((o) => o.day === '2026-10-05')?.utcStart).toBe('2026-10-05T13:00:00.000Z');
    expect(mondays.find((o) => o.day === '2026-10-26')?.utcStart).toBe('2026-10-26T14:00:00.000Z');
    // RH2's closure leaves RH1's Monday after it; L9's closes nothing of this family.
    expect(daysOf('P1.RH1@family-portal')).toContain('2026-11-02');
    expect(daysOf('P1.RH1@family-portal')).toContain('2026-09-07');
  });

  it('starts a series at its first lesson the school is open for', () => {
    const tuesdays = daysOf('P2.RH3@family-portal');
    expect(tuesdays[0]).toBe('2026-09-08');
    expect(tuesdays).not.toContain('2026-10-13');
    expect(feed.ics).toMatch(/UID:P2\.RH3@family-portal\r\n(?:.*\r\n)*?DTSTART;TZID=Europe\/Berlin:20260908T080000/);
  });

  it('cancels nothing on a closed day: the lesson is not there to cancel', () => {
    const cancellations = [
      { lessonId: 'L1', date: '2026-10-19', roomHourId: null, reason: 'Teacher ill' },
      { lessonId: 'L1', date: '2026-11-02', roomHourId: null, reason: 'Teacher ill' },
    ];
    const both = calendarFeed({ ...family, closedDays, cancellations }, settings);
    expect(both.cancelled).toBe(1);
    expect(both.ics).not.toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261019T150000');
    expect(both.ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261102T150000');
  });

  it("changes the bytes (and so the ETag) when a closed day that touches the family comes or goes, and not for another lesson's", () => {
    const without = calendarFeed(family, settings).ics;
    expect(feed.ics).not.toBe(without);
    expect(calendarFeed({ ...family, closedDays: closedDays.slice(0, 3) }, settings).ics).toBe(feed.ics);
    expect(calendarFeed({ ...family, closedDays: [...closedDays].reverse() }, settings).ics).toBe(feed.ics);
    expect(calendarFeed({ ...family, closedDays: closedDays.slice(3) }, settings).ics).toBe(without);
  });
});
