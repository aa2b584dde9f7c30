// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { ManualSyncControls } from './ManualSyncControls';

// A school in another zone than the default (Europe/Berlin): VITE_SCHOOL_TIME_ZONE says which.
vi.mock('../../lib/config', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/config')>();
  return { ...original, appConfig: { ...original.appConfig, schoolTimeZone: 'America/Chicago' } };
});

describe('the schedule note of the admin console', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it("names the school's configured time zone, in every language", async () => {
    render(<ManualSyncControls onFinished={() => undefined} />);
    expect(screen.getByText('Automatic syncs: a delta sync every hour, and a full sync daily at 02:00 (America/Chicago).')).toBeInTheDocument();
    await i18n.changeLanguage('de');
    expect(await screen.findByText(/täglich um 02:00 Uhr ein vollständiger Sync \(America\/Chicago\)/)).toBeInTheDocument();
    expect(screen.queryByText(/Europe\/Berlin/)).not.toBeInTheDocument();
  });
});
