import { describe, expect, it } from 'vitest';
import * as functions from './index';

describe('function wiring', () => {
  it('runs the nightly full sync at 02:00 Europe/Berlin with the AppSheet key as a secret', () => {
    const endpoint = (functions.nightlyFullSync as unknown as { __endpoint: Record<string, any> }).__endpoint;
    expect(endpoint.scheduleTrigger).toMatchObject({ schedule: '0 2 * * *', timeZone: 'Europe/Berlin' });
    expect(endpoint.region).toEqual(['europe-west1']);
    expect(endpoint.secretEnvironmentVariables).toEqual([expect.objectContaining({ key: 'APPSHEET_ACCESS_KEY' })]);
    expect(endpoint.timeoutSeconds).toBe(1800);
  });

  it('runs a delta sync every hour, at half past, Europe/Berlin', () => {
    const endpoint = (functions.hourlyDeltaSync as unknown as { __endpoint: Record<string, any> }).__endpoint;
    expect(endpoint.scheduleTrigger).toMatchObject({ schedule: '30 * * * *', timeZone: 'Europe/Berlin' });
    expect(endpoint.secretEnvironmentVariables).toEqual([expect.objectContaining({ key: 'APPSHEET_ACCESS_KEY' })]);
  });

  it('exposes the admin sync API over HTTPS', () => {
    for (const name of ['getSyncStatus', 'getSyncHistory', 'triggerFullSync', 'triggerDeltaSync'] as const) {
      const endpoint = (functions[name] as unknown as { __endpoint: Record<string, any> }).__endpoint;
      expect(endpoint.httpsTrigger, name).toBeDefined();
    }
  });
});
