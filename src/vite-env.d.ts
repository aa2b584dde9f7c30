/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_EMULATOR_HOST?: string;
  readonly VITE_FUNCTIONS_REGION?: string;
  readonly VITE_FUNCTIONS_BASE_URL?: string;
  readonly VITE_SCHOOL_CONTACT_URL?: string;
  readonly VITE_SCHOOL_TIME_ZONE?: string;
  readonly VITE_SEPA_RECIPIENT?: string;
  readonly VITE_SEPA_IBAN?: string;
  readonly VITE_SEPA_BIC?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
