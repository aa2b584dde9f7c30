/** The demo AppSheet app's identity; the same values are in functions/.env.demo-family-portal. */
export const DEMO_APP_ID = 'demo-app';
export const DEMO_ACCESS_KEY = 'demo-access-key';
export const DEMO_APPSHEET_PORT = 8787;
