import { describe, expect, it } from 'vitest';
import { isolationOf, splitByIsolation } from './unitIsolation';

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
    expect(isolationOf(source)).not.toBe('shared');
  });

  it('lets a pure test share, also one that only reads the environment', () => {
    expect(isolationOf("import { expect, it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\nconst zone = process.env.TZ;")).toBe('shared');
  });

  it.each([
    ['a jsdom component test', "// @vitest-environment jsdom\nimport { render } from '@testing-library/react';", 'context'],
    ['a module mock', "vi.mock('../data/firestore', () => ({}));", 'context'],
    ['fake timers', 'vi.useFakeTimers();', 'context'],
    ['a stubbed variable of the environment', "vi.stubEnv('TZ', 'UTC');", 'process'],
    ['an environment variable set by hand', "vi.mock('./x');\nprocess.env.SCHOOL_TIME_ZONE = 'Europe/Berlin';", 'process'],
    ['a build with Vite (rolldown checks the realm of what it is given)', "import { build } from 'vite';\nprocess.env.VITE_X = '1';", 'process'],
    ["a replaced window.location (jsdom's is unforgeable in a VM context)", "// @vitest-environment jsdom\nObject.defineProperty(window, 'location', { value: {} });", 'process'],
  ])('keeps %s in a %s of its own', (_, source, isolation) => {
    expect(isolationOf(source)).toBe(isolation);
  });

  it('splits the real files between the three, each file once', () => {
    const include = ['src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'];
    const { shared, context, process } = splitByIsolation(include, `${import.meta.dirname}/../..`);
    expect(context).toContain('src/components/SepaPayment.test.tsx');
    expect(process).toContain('tools/buildConfig.build.test.ts');
    expect(shared).toContain('src/domain/money.test.ts');
    const all = [...shared, ...context, ...process];
    expect(new Set(all).size).toBe(all.length);
  });
});
