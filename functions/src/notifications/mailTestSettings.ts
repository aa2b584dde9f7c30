/** The settings the parent e-mails' unit tests write with: a made-up association, fixed links. */
import type { ParentMailSettings } from './parentMailSettings';

export const TEST_MAIL_SETTINGS: ParentMailSettings = {
  appOrigin: 'https://portal.lindenhof.example',
  functionsBaseUrl: 'https://europe-west1-lindenhof.cloudfunctions.net',
  linkKey: 'link-key',
  sepa: { recipient: 'Schulverein Lindenhof e.V.', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
  timeZone: 'Europe/Berlin',
  association: { name: 'Schulverein Lindenhof e.V.', address: 'Lindenstraße 1; 12345 Musterstadt' },
};
