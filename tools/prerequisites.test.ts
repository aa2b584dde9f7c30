import { describe, expect, it } from 'vitest';
import { chromiumPath, missingLines, prerequisites, type Prerequisite } from './prerequisites';

const item = (name: string, present: boolean): Prerequisite => ({ name, neededBy: ['test'], usedFor: `${name} things`, install: `apt-get install -y ${name}`, present: () => present });

describe('npm test prerequisites', () => {
  it('says in one line per missing program how to install it, and nothing when all are there', () => {
    expect(missingLines([item('java', false), item('jar', true), item('chromium', false)])).toEqual([
      'Missing java, needed for java things: apt-get install -y java',
      'Missing chromium, needed for chromium things: apt-get install -y chromium',
    ]);
    expect(missingLines([item('java', true)])).toEqual([]);
  });

  it('looks for Chromium where the browser tests launch it', () => {
    expect(chromiumPath({})).toBe('/usr/bin/chromium-headless-shell');
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chromium/chrome' })).toBe('/opt/chromium/chrome');
    const chromium = prerequisites({ CHROMIUM_PATH: '/nonexistent/chromium' }).find((p) => p.name.startsWith('Chromium'))!;
    expect(chromium.present()).toBe(false);
    expect(missingLines([chromium])).toEqual([
      'Missing Chromium at /nonexistent/chromium, needed for the browser tests: install Chromium there, or unset CHROMIUM_PATH and apt-get install -y chromium-headless-shell',
    ]);
  });

  it('looks for the full Chromium where push.spec.ts launches it', () => {
    const full = (env: NodeJS.ProcessEnv) => prerequisites(env).find((p) => p.name.startsWith('the full Chromium'))!;
    expect(full({}).name).toBe('the full Chromium at /usr/bin/chromium');
    expect(missingLines([full({ CHROMIUM_FULL_PATH: '/nonexistent/chrome' })])).toEqual([
      'Missing the full Chromium at /nonexistent/chrome, needed for the Web Push tests (the headless shell shows no notifications): install Chromium there, or unset CHROMIUM_FULL_PATH and apt-get install -y chromium',
    ]);
  });

  it('asks for a Node.js that package.json engines accept', () => {
    const node = (version: string) => prerequisites({}, version).find((p) => p.name.startsWith('Node.js'))!;
    expect(node('20.20.2').present()).toBe(false);
    expect(missingLines([node('20.20.2')])[0]).toMatch(/^Missing Node\.js \^24.* \(this is 20\.20\.2\), .*tools\/node\.sh 24/);
    expect(node('22.23.3').present()).toBe(false);
    expect(node('24.21.0').present()).toBe(true);
  });

  it('asks npm start for what the local stack needs: Node, Java and jar, not the browser or the PDF tools', () => {
    const forStart = prerequisites({ CHROMIUM_PATH: '/nonexistent/chromium' }).filter((item) => item.neededBy.includes('start'));
    expect(forStart.map((item) => item.name.split(' ')[0])).toEqual(['Node.js', 'Java', 'the']);
    expect(missingLines(forStart)).toEqual([]);
  });

  it('finds what this machine has (the suite itself needs all of it)', () => {
    expect(missingLines(prerequisites({}))).toEqual([]);
  });
});
