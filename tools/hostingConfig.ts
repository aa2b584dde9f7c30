/**
 * The Hosting configuration a build is deployed with. Hosting takes its headers from the
 * configuration file only, and the functions' origin depends on the project being built, so
 * every `vite build` writes one beside its output: `dist` → `dist.firebase.json`, deployed with
 * `firebase deploy --config dist.firebase.json`. It is firebase.json with the build's output as
 * Hosting's public directory and the CSP's connect-src extended by exactly the origins this
 * build calls: its project's functions, and the emulators in an emulator build. No wildcard
 * lets an injected script reach another project's functions.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { EMULATOR_PORTS, endpointsOf, functionsBaseUrlOf } from '../src/lib/endpoints.ts';
import { isDemoProject, type BuildEnv } from './buildConfig.ts';

/** Where a build's deploy configuration goes: beside its output, so `dist`'s is in the project directory, which firebase-tools takes from where the file is. */
export const deployConfigPath = (outDir: string) => `${resolve(outDir)}.firebase.json`;

/**
 * Where a session first goes, Auth and then Firestore: the emulators in an emulator build. Every
 * page preconnects to them, which saves a phone the connection's round trips (DNS, TCP, TLS)
 * when the sign-in or the family's first read goes out.
 */
export function firebaseOrigins(env: BuildEnv): string[] {
  const endpoints = endpointsOf(env, isDemoProject(env));
  return endpoints.useEmulators
    ? [EMULATOR_PORTS.auth, EMULATOR_PORTS.firestore].map((port) => `http://${endpoints.emulatorHost}:${port}`)
    : ['https://identitytoolkit.googleapis.com', 'https://firestore.googleapis.com'];
}

/** The origins a build of these settings connects to besides its own and Google's endpoints. */
export function extraConnectSources(env: BuildEnv): string[] {
  const endpoints = endpointsOf(env, isDemoProject(env));
  const functions = new URL(functionsBaseUrlOf(endpoints)).origin;
  const emulators = endpoints.useEmulators ? firebaseOrigins(env) : [];
  // The local push service gives an emulator build's pages their subscriptions (src/api/pushSubscription.ts).
  const pushService = endpoints.useEmulators && env.VITE_PUSH_SERVICE_URL ? [new URL(env.VITE_PUSH_SERVICE_URL).origin] : [];
  return [...new Set([...emulators, functions, ...pushService])];
}

/** The policy with origins appended to its connect-src directive. */
export function withConnectSources(policy: string, origins: readonly string[]): string {
  if (!/(^|;)\s*connect-src /.test(policy)) throw new Error('The Content-Security-Policy has no connect-src directive to extend.');
  return policy
    .split(';')
    .map((directive) => (directive.trim().startsWith('connect-src ') ? [directive.trimEnd(), ...origins].join(' ') : directive))
    .join(';');
}

interface FirebaseJson {
  hosting: { public: string; predeploy?: unknown; headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }> } & Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * firebase.json with the build's output as Hosting's public directory and its origins in the
 * CSP, without the predeploy guard by which firebase.json refuses to deploy Hosting itself.
 */
export function deployConfig(firebaseJson: FirebaseJson, env: BuildEnv, publicDir: string): FirebaseJson {
  const origins = extraConnectSources(env);
  const { predeploy: _guard, ...hosting } = firebaseJson.hosting;
  const headers = hosting.headers.map((rule) => ({
    ...rule,
    headers: rule.headers.map((header) => (header.key === 'Content-Security-Policy' ? { ...header, value: withConnectSources(header.value, origins) } : header)),
  }));
  return { ...firebaseJson, hosting: { ...hosting, public: publicDir, headers } };
}

/**
 * Writes `<outDir>.firebase.json` after every `vite build`, and puts the Firebase origins'
 * preconnects into index.html (and so into the pre-rendered login pages made from it). Auth and
 * Firestore are called without credentials (CORS), hence `crossorigin`.
 */
export function hostingConfigPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'family-portal:hosting-config',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml() {
      return firebaseOrigins(config.env).map((href) => ({ tag: 'link', attrs: { rel: 'preconnect', href, crossorigin: '' }, injectTo: 'head' as const }));
    },
    closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const firebaseJson = JSON.parse(readFileSync(resolve(config.root, 'firebase.json'), 'utf8')) as FirebaseJson;
      // config.env is what the bundle sees: the mode's .env files plus VITE_* of the environment.
      const generated = deployConfig(firebaseJson, config.env, relative(config.root, outDir));
      writeFileSync(deployConfigPath(outDir), `${JSON.stringify(generated, null, 2)}\n`);
    },
  };
}
