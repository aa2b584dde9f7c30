/**
 * A real `vite build` with the project's config: the settings of a production project end up in
 * the bundle and its project's functions in the CSP it is deployed with, and a production build
 * without them is refused.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en.json';
import { textsOf, type Tree } from '../src/i18n/namespaces';
import { PUBLIC_CHUNKS } from './modulePreload';

const ROOT = resolve(import.meta.dirname, '..');
const PRODUCTION_IBAN = 'DE02120300000000202051';
const DEMO_IBAN = 'DE89370400440532013000';

const PRODUCTION: Record<string, string> = {
  VITE_FIREBASE_PROJECT_ID: 'lindenhof-portal',
  VITE_FIREBASE_API_KEY: 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q',
  VITE_FIREBASE_AUTH_DOMAIN: 'lindenhof-portal.firebaseapp.com',
  VITE_FIREBASE_APP_ID: '1:123456789012:web:abcdef0123456789',
  VITE_SEPA_RECIPIENT: 'Förderverein Lindenhof e.V.',
  VITE_SEPA_IBAN: PRODUCTION_IBAN,
  VITE_SEPA_BIC: 'BYLADEM1001',
  VITE_SCHOOL_CONTACT_URL: 'https://lindenhof-schule.de/kontakt',
};

const work = mkdtempSync(join(tmpdir(), 'portal-build-'));
// The association's own imprint and privacy notice, one Markdown file per language.
const legalDir = mkdtempSync(join(work, 'legal-'));
for (const language of ['en', 'de', 'ru']) {
  writeFileSync(join(legalDir, `imprint.${language}.md`), `## Lindenhof imprint (${language})\n\nVR 4711`);
  writeFileSync(join(legalDir, `privacy.${language}.md`), `## Lindenhof privacy (${language})`);
}
Object.assign(PRODUCTION, {
  VITE_IMPRINT_MARKDOWN: join(legalDir, 'imprint.{lng}.md'),
  VITE_PRIVACY_MARKDOWN: join(legalDir, 'privacy.{lng}.md'),
});
// An empty env directory: a developer's own .env.production.local must not leak into the test.
const envDir = mkdtempSync(join(work, 'env-'));
const saved = Object.fromEntries(Object.keys(process.env).filter((name) => name.startsWith('VITE_')).map((name) => [name, process.env[name]]));

function useEnvironment(settings: Record<string, string>) {
  for (const name of Object.keys(process.env)) if (name.startsWith('VITE_')) delete process.env[name];
  Object.assign(process.env, settings);
}

// Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
const savedNodeEnv = process.env.NODE_ENV;
beforeAll(() => {
  process.env.NODE_ENV = 'production';
});
afterAll(() => {
  process.env.NODE_ENV = savedNodeEnv;
});

afterEach(() => useEnvironment(saved as Record<string, string>));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const buildInto = (outDir: string) =>
  build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), mode: 'production', envDir, logLevel: 'silent', build: { outDir, emptyOutDir: true } });

function javascriptOf(outDir: string): string {
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
}

/** The CSP of the Hosting configuration a build writes beside its output (tools/hostingConfig.ts). */
function deployedPolicyOf(outDir: string): string {
  const deployed = JSON.parse(readFileSync(`${outDir}.firebase.json`, 'utf8')) as { hosting: { headers: Array<{ headers: Array<{ key: string; value: string }> }> } };
  return deployed.hosting.headers.flatMap((rule) => rule.headers).find((header) => header.key === 'Content-Security-Policy')!.value;
}

/** The origins a built page preconnects to: index.html and the pre-rendered login page. */
const preconnectsOf = (outDir: string, page: string) =>
  [...readFileSync(join(outDir, page), 'utf8').matchAll(/<link rel="preconnect" href="([^"]+)" crossorigin/g)].map(([, href]) => href);

/** The code of these chunks and of every chunk they import statically, by file. */
function staticCode(outDir: string, roots: string[]): Map<string, string> {
  const assets = join(outDir, 'assets');
  const code = new Map<string, string>();
  const visit = (file: string) => {
    if (code.has(file)) return;
    code.set(file, readFileSync(join(assets, file), 'utf8'));
    for (const [, imported] of code.get(file)!.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(imported!);
  };
  roots.forEach(visit);
  return code;
}

const chunkOf = (outDir: string, name: string) => readdirSync(join(outDir, 'assets')).find((file) => file.startsWith(`${name}-`) && file.endsWith('.js'))!;

/**
 * The code of the public pages (/login and the other signed-out pages): index.html's scripts, the
 * public pages' chunks, and every chunk they import statically. Not the locale chunks, which are
 * imported dynamically.
 */
function publicPagesCode(outDir: string): string {
  const roots = [
    ...Array.from(readFileSync(join(outDir, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g), ([, file]) => file!),
    ...PUBLIC_CHUNKS.map((name) => chunkOf(outDir, name)),
  ];
  return [...staticCode(outDir, roots).values()].join('\n');
}

/** A file's keys as the code names them: plural forms (`_one`, `_other`…) under their base key. */
const keysOf = (tree: Tree, prefix = ''): string[] => [
  ...new Set(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, '')] : keysOf(value, `${prefix}${key}.`),
    ),
  ),
];

const QUOTES = ['"', "'", '`'];

/** Whether code names `key`: literally, or as the start of a key built at run time (`errors.api.${code}`). */
function names(code: string, key: string): boolean {
  if (QUOTES.some((quote) => code.includes(`${quote}${key}${quote}`))) return true;
  const parts = key.split('.');
  return parts.slice(1).some((_, index) => code.includes(`\`${parts.slice(0, index + 1).join('.')}.\${`));
}

const connectSrcOf = (policy: string) =>
  policy.split(';').map((directive) => directive.trim().split(/\s+/)).find(([name]) => name === 'connect-src')!.slice(1);

describe('vite build', () => {
  it('puts the configured bank account into the bundle, and not the demo one', { timeout: 120_000 }, async () => {
    useEnvironment(PRODUCTION);
    const outDir = join(work, 'production');
    await buildInto(outDir);
    const bundle = javascriptOf(outDir);
    expect(bundle).toContain(PRODUCTION_IBAN);
    expect(bundle).not.toContain(DEMO_IBAN);
    // The association's legal texts, not the demo's.
    expect(bundle).toContain('Lindenhof imprint (de)</h2>');
    expect(bundle).toContain('Lindenhof privacy (ru)</h2>');
    expect(bundle).not.toContain('Schulverein Lindenhof e.V. (demo)');
    expect(readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.map'))).toEqual([]);

    // The Hosting configuration deployed with this build: its CSP names this project's functions
    // only, no wildcard of every project's and no emulator.
    const policy = deployedPolicyOf(outDir);
    expect(connectSrcOf(policy)).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
      'https://europe-west1-lindenhof-portal.cloudfunctions.net',
    ]);
    expect(policy).not.toContain('*');
    expect(policy).not.toContain('127.0.0.1');
    // Every page opens its connections to Auth and Firestore before the app asks.
    for (const page of ['index.html', 'login/index.html', 'localized-files/ru/login/index.html']) {
      expect(preconnectsOf(outDir, page)).toEqual(['https://identitytoolkit.googleapis.com', 'https://firestore.googleapis.com']);
    }
  });

  let demoBuild: Promise<string> | undefined;
  const buildDemo = () => {
    demoBuild ??= (async () => {
      useEnvironment({ VITE_FIREBASE_PROJECT_ID: 'demo-family-portal' });
      const outDir = join(work, 'demo');
      await buildInto(outDir);
      return outDir;
    })();
    return demoBuild;
  };

  it("lets an emulator build's Hosting configuration reach the emulators", { timeout: 120_000 }, async () => {
    const outDir = await buildDemo();
    expect(connectSrcOf(deployedPolicyOf(outDir))).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
      'http://127.0.0.1:9099',
      'http://127.0.0.1:8080',
      'http://127.0.0.1:5001',
    ]);
    expect(preconnectsOf(outDir, 'index.html')).toEqual(['http://127.0.0.1:9099', 'http://127.0.0.1:8080']);

    // What the dynamic imports announce with modulepreload links (tools/modulePreload.ts): the
    // public pages' imports, and nothing of the signed-in frame or the SDK.
    const chunks = readdirSync(join(outDir, 'assets'));
    for (const name of PUBLIC_CHUNKS) expect(chunks.some((file) => file.startsWith(`${name}-`))).toBe(true);
    const announced = new Set(Array.from(javascriptOf(outDir).matchAll(/"assets\/([\w.]+)-[\w-]{8}\.js"/g), ([, name]) => name));
    expect([...announced]).toEqual(expect.arrayContaining(['LoginPage', 'authActions', 'PublicLayout']));
    for (const name of ['AppShell', 'DashboardPage', 'DataProvider', 'AdminPage', 'comlink']) expect(announced).not.toContain(name);
  });

  it("loads no signed-in screen's text on /login, and every text /login names", { timeout: 120_000 }, async () => {
    const code = publicPagesCode(await buildDemo());
    const publicKeys = keysOf(textsOf(en, 'public'));
    // Each public text is one the public pages use: a text only signed-in screens show belongs
    // to their namespace (src/i18n/namespaces.ts), or /login carries it for nothing.
    expect(publicKeys.filter((key) => !names(code, key))).toEqual([]);
    // And the public pages name no text outside it, which would show as its bare key there.
    const otherKeys = [...keysOf(textsOf(en, 'family')), ...keysOf(textsOf(en, 'office'))];
    expect(otherKeys.filter((key) => QUOTES.some((quote) => code.includes(`${quote}${key}${quote}`)))).toEqual([]);
    expect(publicKeys.length).toBeGreaterThan(100);
  });

  it("evaluates no schema on a parent's screens: zod loads with the first API call", { timeout: 120_000 }, async () => {
    const outDir = await buildDemo();
    // The dashboard and the screens it preloads when idle (startup.ts); zod's modules mark themselves with `_zod`.
    const parentScreens = ['AppShell', 'DashboardPage', 'DataProvider', 'DashboardNotices', 'DashboardBooking', 'FamilyPage', 'PlansPage', 'FamilyAbsencesPage', 'BookingPage', 'FamilyNoticesPage', 'TransactionsPage', 'BookDepositsPage'];
    const code = staticCode(outDir, parentScreens.map((name) => chunkOf(outDir, name)));
    expect([...code.keys()].filter((file) => code.get(file)!.includes('_zod'))).toEqual([]);
    // The check sees zod where it is: the office's accounts page imports the schemas.
    expect([...staticCode(outDir, [chunkOf(outDir, 'AccountsPage')]).values()].some((chunk) => chunk.includes('_zod'))).toBe(true);
  });

  it('refuses a production build without its settings, naming each one', { timeout: 120_000 }, async () => {
    useEnvironment({ VITE_FIREBASE_PROJECT_ID: 'lindenhof-portal' });
    const failure = await buildInto(join(work, 'incomplete')).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain('project "lindenhof-portal"');
    for (const name of ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_APP_ID', 'VITE_SEPA_RECIPIENT', 'VITE_SEPA_IBAN', 'VITE_SEPA_BIC', 'VITE_SCHOOL_CONTACT_URL', 'VITE_IMPRINT_MARKDOWN', 'VITE_PRIVACY_MARKDOWN']) {
      expect(message).toContain(`- ${name} is missing`);
    }
  });
});
