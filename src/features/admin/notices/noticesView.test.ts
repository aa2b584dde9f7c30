import { describe, expect, it } from 'vitest';
import { checkedTexts, EMPTY_DRAFTS, lessonChoices, type TextDrafts } from './noticesView';

const drafts = (parts: Partial<TextDrafts>): TextDrafts => ({ ...EMPTY_DRAFTS, ...parts });

describe("a notice's texts as the office typed them", () => {
  it('sends the languages given, trimmed, in the order of preference: German, English, Russian', () => {
    const checked = checkedTexts(drafts({ ru: { title: ' Концерт ', body: 'Текст\n' }, de: { title: 'Konzert', body: 'Zeile 1\r\nZeile 2' } }));
    expect(checked).toEqual({ texts: { de: { title: 'Konzert', body: 'Zeile 1\r\nZeile 2' }, ru: { title: 'Концерт', body: 'Текст' } } });
    expect(Object.keys((checked as { texts: object }).texts)).toEqual(['de', 'ru']);
  });

  it('names every problem by language: nothing given, a half, a long or broken title, a control character', () => {
    expect(checkedTexts(EMPTY_DRAFTS)).toEqual({ problems: [{ kind: 'noText' }] });
    expect(checkedTexts(drafts({ de: { title: 'Titel', body: ' ' }, en: { title: '', body: 'Text' } }))).toEqual({
      problems: [{ kind: 'bodyMissing', language: 'de' }, { kind: 'titleMissing', language: 'en' }],
    });
    expect(checkedTexts(drafts({ en: { title: 'x'.repeat(121), body: 'y'.repeat(5001) } }))).toEqual({
      problems: [{ kind: 'titleTooLong', language: 'en', max: 120 }, { kind: 'bodyTooLong', language: 'en', max: 5000 }],
    });
    expect(checkedTexts(drafts({ ru: { title: 'Две\nстроки', body: 'нулевой\u0000символ' } }))).toEqual({
      problems: [{ kind: 'titleOneLine', language: 'ru' }, { kind: 'bodyControl', language: 'ru' }],
    });
  });
});

describe('the lessons the office may choose', () => {
  it('are those with a time, by name, each with its times Monday first', () => {
    const lesson = (id: string, name: string) => ({ id, name, teacherId: null, hours: null, pricePerHour: 1, extrasPerQuarter: null, whatsappGroup: null });
    const roomHour = (id: string, lessonId: string, dayOfWeek: 'Mo.' | 'Mi.') => ({ id, lessonId, dayOfWeek, hourRefLabel: '1 - 15:00-16:00', roomName: null });
    const choices = lessonChoices({
      quarters: [],
      lessons: [lesson('L2', 'Schach'), lesson('L1', 'Ballett'), lesson('L3', 'Ohne Zeit')],
      roomHours: [roomHour('RH2', 'L1', 'Mi.'), roomHour('RH1', 'L1', 'Mo.'), roomHour('RH3', 'L2', 'Mo.')],
    } as never);
    expect(choices.map((choice) => [choice.id, choice.roomHours.map((hour) => hour.id)])).toEqual([['L1', ['RH1', 'RH2']], ['L2', ['RH3']]]);
  });
});
