/**
 * The local push service on its fixed port, for `npm start` and the browser tests (a Playwright
 * webServer): `npx tsx tools/push/serve.ts`. What arrived is at its address, like the e-mail inbox.
 */
import { EMULATOR_HOST, PORTS } from '../lib/stack';
import { startPushService } from './pushService';

const service = await startPushService({ host: EMULATOR_HOST, port: PORTS.push });
console.log(`push service at ${service.url}`);
const stop = () => void service.stop().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
