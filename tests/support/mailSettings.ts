/**
 * The parents' e-mail settings of the local project, as the emulated functions read them
 * (functions/.env.demo-family-portal, and the tests stack's copy of it: tools/lib/stack.ts).
 */
import type { ParentMailSettings } from '../../functions/src/notifications/parentMailSettings';
import { DEMO_NOTIFICATION_LINK_KEY, PORTS, PROJECT_ID } from '../../tools/lib/stack';

export const DEMO_MAIL_SETTINGS: ParentMailSettings = {
  appOrigin: 'http://127.0.0.1:5173',
  functionsBaseUrl: `http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/europe-west1`,
  linkKey: DEMO_NOTIFICATION_LINK_KEY,
  sepa: { recipient: 'Schulverein Lindenhof e.V.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  timeZone: 'Europe/Berlin',
  association: { name: 'Schulverein Lindenhof e.V.', address: 'Lindenstraße 1; 12345 Musterstadt' },
};
