/** A complete, plausible production configuration, shared by the doctor's tests. */
import type { Env } from './findings';

export const PROJECT = 'lindenhof-portal';

export const GOOD_WEB: Env = {
  VITE_FIREBASE_API_KEY: 'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW',
  VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
  VITE_FIREBASE_PROJECT_ID: PROJECT,
  VITE_FIREBASE_APP_ID: '1:123456789012:web:a1b2c3d4e5f6a7b8',
  VITE_SEPA_RECIPIENT: 'Förderverein Lindenhofschule e.V.',
  VITE_SEPA_IBAN: 'DE02 1203 0000 0000 2020 51',
  VITE_SEPA_BIC: 'BYLADEM1001',
  VITE_SCHOOL_CONTACT_URL: 'https://lindenhof-schule.de/kontakt',
  VITE_SCHOOL_TIME_ZONE: 'Europe/Berlin',
  VITE_IMPRINT_MARKDOWN: 'tools/doctor/fixtures/legal.{lng}.md',
  VITE_PRIVACY_MARKDOWN: 'tools/doctor/fixtures/legal.{lng}.md',
};

export const GOOD_FUNCTIONS: Env = {
  APPSHEET_BASE_URL: 'https://www.appsheet.com',
  APPSHEET_APP_ID: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  APP_ORIGINS: `["https://${PROJECT}.web.app","https://${PROJECT}.firebaseapp.com","https://portal.lindenhof-schule.de"]`,
  SCHOOL_TIME_ZONE: 'Europe/Berlin',
  SYNC_MAX_DELETION_PERCENT: '5',
  SEPA_RECIPIENT: 'Förderverein Lindenhofschule e.V.',
  SEPA_IBAN: 'DE02 1203 0000 0000 2020 51',
  SEPA_BIC: 'BYLADEM1001',
  ASSOCIATION_ADDRESS: 'Lindenstraße 1; 12345 Musterstadt',
  VAPID_PUBLIC_KEY: 'BEsW5Jsuas37QxY6L9S7kdTOxYb_gwH-LX8SEEdMvxbyQA5gJEiLbvJNAjslmY4ebaRwKmPI6VE3oUguUOPtFeU',
  VAPID_SUBJECT: 'mailto:portal@lindenhof-schule.de',
};
