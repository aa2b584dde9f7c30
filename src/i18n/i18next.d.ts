import 'i18next';
import type en from './locales/en.json';

// Type-safe keys: an unknown key fails to compile. At run time the file is cut into namespaces
// (namespaces.ts) that are searched in turn (fallbackNS); the code names keys as if it were
// one, so the types see the whole file as the default namespace.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'public';
    resources: { public: typeof en };
    returnNull: false;
  }
}
