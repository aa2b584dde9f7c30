import { describe, expect, it } from 'vitest';
import { needsIsolation, splitByIsolation } from './unitIsolation';

describe('which unit test files get modules of their own', () => {
  it.each([
    ['a jsdom component test', "// @vitest-environment jsdom\nimport { render } from '@testing-library/react';"],
    ['a module mock', "vi.mock('../data/firestore', () => ({}));"],
    ['a stubbed global', "vi.stubGlobal('Worker', WorkerInTest);"],
    ['a stubbed variable of the environment', "vi.stubEnv('TZ', 'UTC');"],
    ['fake timers', 'vi.useFakeTimers();'],
    ['an environment variable set by hand', "process.env.SCHOOL_TIME_ZONE = 'Europe/Berlin';"],
    ['an environment variable set by name', "process.env['APP_ORIGINS'] = '[]';"],
    ['an environment variable set where unset', "process.env.FUNCTIONS_BASE_URL ??= 'http://127.0.0.1:5001';"],
    ['environment variables set together', "Object.assign(process.env, { OFFICE_EMAIL: 'office@example.org' });"],
    ['an environment variable removed', 'delete process.env.OFFICE_LANGUAGE;'],
  ])('isolates %s', (_, source) => {
    expect(needsIsolation(source)).toBe(true);
  });

  it('lets a pure test share, also one that only reads the environment', () => {
    expect(needsIsolation("import { expect, it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\nconst zone = process.env.TZ;")).toBe(false);
  });

  it('splits the real files between the two, each file once', () => {
    const include = ['src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'];
    const { shared, isolated } = splitByIsolation(include, `${import.meta.dirname}/../..`);
    expect(isolated).toContain('src/components/SepaPayment.test.tsx');
    expect(shared).toContain('src/domain/money.test.ts');
    expect(shared.filter((file) => isolated.includes(file))).toEqual([]);
  });
});
