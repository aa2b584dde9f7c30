/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_EMULATOR_HOST?: string;
  /** Emulator builds only: the local push service that gives this page its push subscriptions (tools/push). */
  readonly VITE_PUSH_SERVICE_URL?: string;
  readonly VITE_FUNCTIONS_REGION?: string;
  /** When this build was made (vite.config.ts): what the page keeps of the family is this build's only. */
  readonly VITE_BUILD_ID?: string;
  readonly VITE_FUNCTIONS_BASE_URL?: string;
  readonly VITE_SCHOOL_CONTACT_URL?: string;
  readonly VITE_SCHOOL_TIME_ZONE?: string;
  readonly VITE_SEPA_RECIPIENT?: string;
  readonly VITE_SEPA_IBAN?: string;
  readonly VITE_SEPA_BIC?: string;
  readonly VITE_SEPA_CREDITOR_ID?: string;
  readonly VITE_SEPA_CREDITOR_ADDRESS?: string;
}

declare module 'virtual:legal-pages' {
  /** The imprint's and the privacy notice's HTML in each language (tools/legalPages.ts). */
  const texts: Record<'imprint' | 'privacy', Record<'en' | 'de' | 'ru', string>>;
  export default texts;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
