/**
 * Draws the installed app's icons from public/favicon.svg with the Chromium the browser tests
 * use, and writes them to public/ (they are committed; run this again after changing the SVG):
 *
 *   npx tsx tools/pwaIcons.ts
 *
 * - pwa-192.png, pwa-512.png: the favicon as it is (transparent outside its rounded square);
 * - pwa-maskable-512.png: the full square in the theme colour with the emblem inside the
 *   maskable safe zone (the middle circle of 80 %), for launchers that cut their own shape;
 * - apple-touch-icon.png (180): the same full square, as iOS adds its own rounded corners;
 * - push-badge-96.png: the emblem alone, white on transparent, for the status bar beside a push
 *   notification (Android draws a badge's alpha only, in its own colour).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { fullChromiumPath } from './prerequisites';

const PUBLIC = resolve(import.meta.dirname, '..', 'public');
const favicon = readFileSync(resolve(PUBLIC, 'favicon.svg'), 'utf8');

/** The favicon's background square and what is drawn on it. */
const square = favicon.match(/<rect width="64" height="64"[^>]*fill="(#[0-9a-f]{6})"\/>/i);
if (!square) throw new Error('favicon.svg no longer starts with its 64×64 background square');
const [background, colour] = [square[0], square[1]];
const emblem = favicon.slice(favicon.indexOf(background) + background.length, favicon.lastIndexOf('</svg>'));

/** Full bleed: the emblem scaled about the centre so that it stays inside the safe zone. */
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${colour}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${emblem}</g></svg>`;

const icons: Array<[file: string, size: number, svg: string]> = [
  ['pwa-192.png', 192, favicon],
  ['pwa-512.png', 512, favicon],
  ['pwa-maskable-512.png', 512, fullBleed(0.8)],
  ['apple-touch-icon.png', 180, fullBleed(0.9)],
  ['push-badge-96.png', 96, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${emblem}</svg>`],
];

const browser = await chromium.launch({ executablePath: fullChromiumPath(), args: ['--no-sandbox'] });
try {
  for (const [file, size, svg] of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<html><body style="margin:0"><img src="${source}" width="${size}" height="${size}" style="display:block"></body></html>`);
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    writeFileSync(resolve(PUBLIC, file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
    await page.close();
    console.log(`public/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
