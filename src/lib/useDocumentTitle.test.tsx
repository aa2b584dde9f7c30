// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, expect, it } from 'vitest';
import i18n from '../i18n';
import { useDocumentTitle } from './useDocumentTitle';

function Plans() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.plans.title'));
  return null;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

it("names the screen and the app in the tab, and follows a change of language", async () => {
  await i18n.changeLanguage('en');
  render(<Plans />);
  expect(document.title).toBe(`${i18n.t('pages.plans.title')} · ${i18n.t('app.name')}`);
  const english = document.title;

  await act(() => i18n.changeLanguage('ru'));
  expect(document.title).toBe(`${i18n.t('pages.plans.title', { lng: 'ru' })} · ${i18n.t('app.name', { lng: 'ru' })}`);
  expect(document.title).not.toBe(english);
});
