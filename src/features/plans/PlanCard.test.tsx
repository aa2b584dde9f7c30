// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataContext } from '../../data/DataProvider';
import i18n from '../../i18n';
import { familyFixture } from '../../test/fixtures';
import { delivery } from '../../test/noticeFixtures';
import PlansPage from './PlansPage';

const cancelled = (noticeId: string, lessonId: string, date: string, roomHourId: string | null, reason: string) =>
  delivery(noticeId, { kind: 'cancellation', cancellation: { lessonId, lessonName: 'x', date, roomHourId, reason } });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe("the plans page's cancelled lessons", () => {
  it('says "cancelled on <date>" with the reason beside the course, or beside the one time a cancellation concerns', async () => {
    const family = familyFixture({
      cancellations: [
        cancelled('N1', 'L2', '2026-12-07', null, 'Teacher ill'),
        cancelled('N2', 'L1', '2026-12-14', 'RH1', 'Room closed'),
        cancelled('N3', 'L1', '2026-12-21', 'RH9', 'Another group'),
      ],
    });
    render(<MemoryRouter initialEntries={['/plans']}><DataContext.Provider value={family}><PlansPage /></DataContext.Provider></MemoryRouter>);
    const [mia, leon] = [screen.getByRole('region', { name: /^Mia Müller, / }), screen.getByRole('region', { name: /^Leon Müller, / })];
    // Leon's chess course: the whole day.
    expect(within(leon).getByText('Cancelled on 7 December 2026: Teacher ill')).toBeInTheDocument();
    // Mia's maths: only her Monday time, in its row of the course's times; another group's time is not hers.
    const times = within(mia).getByRole('list', { name: 'Times and rooms' });
    expect(within(times).getByText('Cancelled on 14 December 2026: Room closed')).toBeInTheDocument();
    expect(screen.queryByText(/Another group/)).toBeNull();
  });

  it('names the cancelled dates on the timetable row of the time they concern too', async () => {
    const family = familyFixture({ cancellations: [cancelled('N2', 'L1', '2026-12-14', 'RH1', 'Room closed'), cancelled('N4', 'L1', '2026-12-21', null, 'Holiday')] });
    render(<MemoryRouter initialEntries={['/plans']}><DataContext.Provider value={family}><PlansPage /></DataContext.Provider></MemoryRouter>);
    const week = within(screen.getByRole('region', { name: /^Mia Müller, / })).getByRole('table', { name: 'Lessons by weekday' });
    const rows = within(week).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(week).getByText('Cancelled on 14/12/2026, 21/12/2026')).toBeInTheDocument();
  });

  it("links each course to reporting its child's absence", () => {
    render(<MemoryRouter initialEntries={['/plans']}><DataContext.Provider value={familyFixture()}><PlansPage /></DataContext.Provider></MemoryRouter>);
    const link = within(screen.getByRole('region', { name: /^Leon Müller, / })).getByRole('link', { name: 'Report an absence: Leon Müller, Schach – Anfänger' });
    expect(link).toHaveAttribute('href', '/absences?report=1&child=C2');
  });

  it('is shown in the reader\'s language and locale', async () => {
    await i18n.changeLanguage('de');
    const family = familyFixture({ cancellations: [cancelled('N1', 'L2', '2026-12-07', null, 'Lehrerin krank')] });
    render(<MemoryRouter initialEntries={['/plans']}><DataContext.Provider value={family}><PlansPage /></DataContext.Provider></MemoryRouter>);
    expect(screen.getByText('Fällt aus am 7. Dezember 2026: Lehrerin krank')).toBeInTheDocument();
  });
});

describe('all quarters at once', () => {
  it("names each child's section with its quarter, so that a screen reader's list of regions tells them apart", async () => {
    render(<MemoryRouter initialEntries={['/plans']}><DataContext.Provider value={familyFixture()}><PlansPage /></DataContext.Provider></MemoryRouter>);
    await userEvent.click(screen.getByRole('button', { name: 'All quarters' }));
    expect(screen.getAllByRole('region', { name: /^Mia Müller, / }).map((region) => region.getAttribute('aria-label'))).toEqual(['Mia Müller, 2026 Q4', 'Mia Müller, 2026 Q3']);
  });
});

describe("a course's dates this quarter", () => {
  const christmas = { id: 'CD1', firstDay: '2026-12-21', lastDay: '2027-01-03', name: 'Weihnachtsferien', lessonId: null, roomHourId: null };
  const training = { id: 'CD2', firstDay: '2026-11-12', lastDay: '2026-11-12', name: 'Pädagogischer Tag', lessonId: null, roomHourId: null };
  // The school's today decides which quarters are not over; the fixture's is 2026 Q4.
  beforeEach(() => void vi.useFakeTimers({ now: new Date('2026-11-20T09:00:00Z'), toFake: ['Date'] }));
  afterEach(() => void vi.useRealTimers());
  const open = (overrides: Parameters<typeof familyFixture>[0]) =>
    render(<MemoryRouter initialEntries={['/plans']}><DataContext.Provider value={familyFixture(overrides)}><PlansPage /></DataContext.Provider></MemoryRouter>);

  it('lists the Mondays the school is open, a cancelled one struck through, and the holidays that take some, in words', () => {
    open({ closedDays: [training, christmas], cancellations: [cancelled('N2', 'L1', '2026-12-14', 'RH1', 'Room closed')] });
    const mia = screen.getByRole('region', { name: /^Mia Müller, / });
    expect(within(mia).getByText('11 lessons this quarter')).toBeInTheDocument();
    const dates = within(mia).getByRole('list', { name: 'Lesson dates' });
    const items = within(dates).getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toBe('5 Oct');
    expect(items.at(-1)).toBe('14 Dec (cancelled)');
    expect(items).not.toContain('21 Dec');
    expect(within(mia).getByText(/^Weihnachtsferien: no lessons 21 Dec 2026\s?–\s?3 Jan 2027$/)).toBeInTheDocument();
    // A Thursday's closed day takes no Monday lesson: not named beside this course.
    expect(within(mia).queryByText(/Pädagogischer Tag/)).toBeNull();
  });

  it("says it in the reader's language", async () => {
    await i18n.changeLanguage('de');
    open({ closedDays: [christmas] });
    const mia = screen.getByRole('region', { name: /^Mia Müller, / });
    expect(within(mia).getByText('11 Termine in diesem Quartal')).toBeInTheDocument();
    expect(within(within(mia).getByRole('list', { name: 'Termine' })).getAllByRole('listitem')[0]?.textContent).toBe('5. Okt.');
    expect(within(mia).getByText(/^Weihnachtsferien: kein Unterricht 21\. Dez\. 2026\s?–\s?3\. Jan\. 2027$/)).toBeInTheDocument();
  });

  it('lists no dates while the closed days are not known, nor for a quarter that is over', () => {
    open({ closedDays: null });
    expect(screen.queryByRole('list', { name: 'Lesson dates' })).toBeNull();
    vi.setSystemTime(new Date('2027-01-05T09:00:00Z'));
    open({ closedDays: [christmas] });
    expect(screen.getAllByRole('region', { name: /^Mia Müller, / })).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Lesson dates' })).toBeNull();
  });
});
