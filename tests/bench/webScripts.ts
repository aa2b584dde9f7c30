/**
 * The JavaScript the portal's pages need, gzipped at level 9 as a stand-in for Hosting's
 * compression: what `/login` fetches, and the entry chunk of a signed-in visit with its static
 * imports. The figures to compare before and after a dependency upgrade.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);
/** A chunk's name without its content hash, so that builds can be compared line by line. */
export const chunkName = (path: string) => path.replace(/^\/?assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');
const gzipped = (body: Buffer) => gzipSync(body, { level: 9 }).length;

interface Sizes {
  total: number;
  scripts: string[];
}

const sizesOf = (scripts: Array<{ name: string; gz: number }>): Sizes => ({
  total: scripts.reduce((sum, script) => sum + script.gz, 0),
  scripts: scripts.map((script) => `${script.name} ${kB(script.gz)}`),
});

/**
 * Every script `/login` fetches before the network is idle (no request for 500 ms), as a first
 * visitor's browser does; the pre-rendered page paints without any of them (tools/prerender.ts).
 */
export async function loginScripts(app: string, launch: () => Promise<Browser>): Promise<Sizes> {
  const browser = await launch();
  try {
    const page = await (await browser.newContext({ locale: 'en-GB' })).newPage();
    const sizes: Array<Promise<{ name: string; gz: number }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      sizes.push(response.body().then((body) => ({ name: chunkName(new URL(response.url()).pathname), gz: gzipped(body) })));
    });
    await page.goto(`${app}/login`, { waitUntil: 'networkidle' });
    return sizesOf((await Promise.all(sizes)).sort((a, b) => b.gz - a.gz));
  } finally {
    await browser.close();
  }
}

/**
 * The app's entry chunk (the module script of index.html, which every visit of a signed-in
 * screen runs) and the chunks it imports statically (index.html's modulepreload links), entry
 * first. What a signed-in visit needs beyond them depends on the screen and on what /login had
 * fetched, so this is the comparable part.
 */
export function entryChunks(dist: string): Sizes {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const entry = tags.filter((tag) => tag.startsWith('<script') && attribute(tag, 'type') === 'module').map((tag) => attribute(tag, 'src'));
  const preloaded = tags.filter((tag) => tag.startsWith('<link') && attribute(tag, 'rel') === 'modulepreload').map((tag) => attribute(tag, 'href'));
  if (entry.length !== 1 || !entry[0]) throw new Error(`${dist}/index.html has ${entry.length} module scripts, not one`);
  return sizesOf([entry[0], ...preloaded].map((path) => ({ name: chunkName(path!), gz: gzipped(readFileSync(join(dist, path!))) })));
}
