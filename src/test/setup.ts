import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { KEPT_FAMILY_KEY } from '../data/keptFamily';
import i18n, { i18nReady } from '../i18n';
import de from '../i18n/locales/de.json';
import en from '../i18n/locales/en.json';
import ru from '../i18n/locales/ru.json';

// The app loads one language's namespaces at a time (i18n/namespaces.ts); components under test
// switch freely between all three languages, and find every text in the default namespace.
await i18nReady;
for (const [language, texts] of Object.entries({ en, de, ru })) i18n.addResourceBundle(language, 'public', texts);

// findBy… and waitFor wait for a condition, a second by default. In CI the unit lane shares two
// cores with the emulators and Chromium, and a screen's first answer, when it imports a module
// Vitest transforms on first use (the contract's schemas), took longer than that: the office's
// absences page failed once so (d03d958). A passing test waits no longer for this.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup. What a
// DataProvider kept of the family (data/keptFamily) would show in the next test's first frame.
afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.removeItem(KEPT_FAMILY_KEY);
});

// jsdom knows <dialog> but not its modal behaviour; enough of it for the components' tests.
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
