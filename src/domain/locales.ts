/** The Intl locale of each UI language: money, dates and weekdays are written the same way on every screen (spec section 9). */
export const intlLocales = { en: 'en-GB', de: 'de-DE', ru: 'ru-RU' } as const;
