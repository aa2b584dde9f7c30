import { describe, expect, it } from 'vitest';
import { MEMORY_CACHE_COOKIE, memoryCacheForTests } from './testCache';

const cookie = `${MEMORY_CACHE_COOKIE.name}=${MEMORY_CACHE_COOKIE.value}`;

describe("the browser tests' memory cache", () => {
  it('is what an emulator build picks when the page has the cookie, among others or alone', () => {
    expect(memoryCacheForTests(true, cookie)).toBe(true);
    expect(memoryCacheForTests(true, `firebase-language-override=de; ${cookie}`)).toBe(true);
    expect(memoryCacheForTests(true, `${cookie};other=1`)).toBe(true);
  });

  it('is never what a build for a real project picks, whatever the cookies say', () => {
    expect(memoryCacheForTests(false, cookie)).toBe(false);
  });

  it('needs the cookie exactly: none, another value or a longer name keeps the persistent cache', () => {
    expect(memoryCacheForTests(true, '')).toBe(false);
    expect(memoryCacheForTests(true, `${MEMORY_CACHE_COOKIE.name}=persistent`)).toBe(false);
    expect(memoryCacheForTests(true, `x${cookie}`)).toBe(false);
  });
});
