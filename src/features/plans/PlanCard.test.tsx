// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
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
    const [mia, leon] = [screen.getByRole('region', { name: 'Mia Müller' }), screen.getByRole('region', { name: 'Leon Müller' })];
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
    const week = within(screen.getByRole('region', { name: 'Mia Müller' })).getByRole('table', { name: 'Lessons by weekday' });
    const rows = within(week).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(week).getByText('Cancelled on 14/12/2026, 21/12/2026')).toBeInTheDocument();
  });

  it("links each course to reporting its child's absence", () => {
    render(<MemoryRouter initialEntries={['/plans']}><DataContext.Provider value={familyFixture()}><PlansPage /></DataContext.Provider></MemoryRouter>);
    const link = within(screen.getByRole('region', { name: 'Leon Müller' })).getByRole('link', { name: 'Report an absence: Leon Müller, Schach – Anfänger' });
    expect(link).toHaveAttribute('href', '/absences?report=1&child=C2');
  });

  it('is shown in the reader\'s language and locale', async () => {
    await i18n.changeLanguage('de');
    const family = familyFixture({ cancellations: [cancelled('N1', 'L2', '2026-12-07', null, 'Lehrerin krank')] });
    render(<MemoryRouter initialEntries={['/plans']}><DataContext.Provider value={family}><PlansPage /></DataContext.Provider></MemoryRouter>);
    expect(screen.getByText('Fällt aus am 7. Dezember 2026: Lehrerin krank')).toBeInTheDocument();
  });
});
