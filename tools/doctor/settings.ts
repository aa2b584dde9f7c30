/** Reads the settings a deploy would use, from the same files and in the same order. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { loadEnv } from 'vite';
import type { Env } from './findings';

const WEB_ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'];

/** As `vite build` sees them: the .env files of the production mode, then VITE_* variables of the environment. */
export function loadWebSettings(dir: string): { env: Env; sources: string[] } {
  const files = WEB_ENV_FILES.filter((file) => existsSync(join(dir, file)));
  const fromEnvironment = Object.keys(process.env).some((name) => name.startsWith('VITE_'));
  return { env: loadEnv('production', dir, 'VITE_'), sources: [...files, ...(fromEnvironment ? ['environment'] : [])] };
}

/** As `firebase deploy` merges them: functions/.env, then functions/.env.<project>. */
export function loadFunctionSettings(dir: string, projectId: string): { env: Env; file: string; exists: boolean } {
  const file = `functions/.env.${projectId}`;
  const read = (path: string) => (existsSync(join(dir, path)) ? parseEnv(readFileSync(join(dir, path), 'utf8')) : {});
  return { env: { ...read('functions/.env'), ...read(file) }, file, exists: existsSync(join(dir, file)) };
}
