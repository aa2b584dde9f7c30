import { describe, expect, it } from 'vitest';
import { languagesInOrder } from './sendNotice';

const text = { title: 'T', body: 'B' };

describe('languagesInOrder', () => {
  it('keeps the order the office gave, of the languages with a text', () => {
    expect(languagesInOrder(['ru', 'de'], { de: text, ru: text })).toEqual(['ru', 'de']);
    expect(languagesInOrder(['en', 'de', 'ru'], { de: text })).toEqual(['de']);
  });

  it('ignores unknown keys and appends a text the order missed', () => {
    expect(languagesInOrder(['fr', 'en'], { en: text, de: text })).toEqual(['en', 'de']);
  });
});
