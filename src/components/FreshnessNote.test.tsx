// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataContext } from '../data/DataProvider';
import i18n from '../i18n';
import { familyFixture } from '../test/fixtures';
import { FreshnessNote } from './FreshnessNote';

const SYNC = '2026-11-21T02:00:00.000Z';
const show = (lastSuccessfulSyncAt: string | null, now: string) =>
  render(
    <DataContext.Provider value={familyFixture({ lastSuccessfulSyncAt })}>
      <FreshnessNote now={() => new Date(now)} />
    </DataContext.Provider>,
  );

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => vi.restoreAllMocks());

describe('how recent the figures are', () => {
  it("says quietly when the last successful sync began, on the school's clock, in the reader's language", async () => {
    show(SYNC, '2026-11-21T09:00:00.000Z');
    // 02:00 UTC is 03:00 in Berlin.
    // British English, as every other English date: day first, 24-hour clock.
    expect(screen.getByText('As of 21/11/2026, 03:00')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByText('Stand: 21.11.2026, 03:00')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getByText('Данные на 21.11.2026, 03:00')).toBeInTheDocument();
  });

  it('gently notes that figures may be out of date once the last success is more than 26 hours old', async () => {
    show(SYNC, '2026-11-22T04:00:01.000Z');
    expect(screen.getByRole('status')).toHaveTextContent('These figures may be out of date: the last update from the school office was on 21/11/2026, 03:00.');
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('status')).toHaveTextContent('Diese Angaben sind möglicherweise nicht aktuell: Die letzte Aktualisierung aus der Schulverwaltung war am 21.11.2026, 03:00.');
  });

  it('says clearly when the device is offline and shows what it kept, and goes back when online', () => {
    show(SYNC, '2026-11-21T09:00:00.000Z');
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Offline — data as of 21/11/2026, 03:00.');
    goOffline(false);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText(/^As of /)).toBeInTheDocument();
  });

  it('offline without a known sync time still says offline; online it says nothing', () => {
    const { container } = show(null, '2026-11-21T09:00:00.000Z');
    expect(container).toBeEmptyDOMElement();
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Offline — showing the data last loaded on this device.');
  });
});
