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
    const times = within(mia).getByRole('table', { name: 'Times and rooms' });
    expect(within(times).getByText('Cancelled on 14 December 2026: Room closed')).toBeInTheDocument();
    expect(screen.queryByText(/Another group/)).toBeNull();
  });

  it('is shown in the reader\'s language and locale', async () => {
    await i18n.changeLanguage('de');
    const family = familyFixture({ cancellations: [cancelled('N1', 'L2', '2026-12-07', null, 'Lehrerin krank')] });
    render(<MemoryRouter initialEntries={['/plans']}><DataContext.Provider value={family}><PlansPage /></DataContext.Provider></MemoryRouter>);
    expect(screen.getByText('Fällt aus am 7. Dezember 2026: Lehrerin krank')).toBeInTheDocument();
  });
});
