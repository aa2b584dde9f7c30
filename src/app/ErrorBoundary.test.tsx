// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new Error('boom');
}

it('shows a translated message and a Retry instead of a blank page', async () => {
  await i18n.changeLanguage('de');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(<ErrorBoundary><Broken /></ErrorBoundary>);
  expect(screen.getByRole('alert')).toHaveTextContent('Etwas ist schiefgelaufen. Bitte laden Sie die Seite neu.');
  expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  await i18n.changeLanguage('en');
});
