import 'i18next';
import type en from './locales/en.json';

// Type-safe keys: an unknown key fails to compile.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}
