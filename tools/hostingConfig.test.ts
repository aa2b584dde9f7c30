import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployConfig, deployConfigPath, extraConnectSources, withConnectSources } from './hostingConfig';

const firebaseJson = JSON.parse(readFileSync(resolve(import.meta.dirname, '../firebase.json'), 'utf8'));
const policyOf = (config: typeof firebaseJson) =>
  (config.hosting.headers as Array<{ headers: Array<{ key: string; value: string }> }>).flatMap((rule) => rule.headers).find((header) => header.key === 'Content-Security-Policy')!.value;
const connectSrc = (policy: string) => policy.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('connect-src '))!.split(/\s+/).slice(1);

describe("a build's Hosting configuration", () => {
  it("lets a production build connect to its own project's functions and to nothing of another project or the emulators", () => {
    const config = deployConfig(firebaseJson, { VITE_FIREBASE_PROJECT_ID: 'lindenhof-portal' }, 'dist');
    expect(config.hosting.public).toBe('dist');
    expect(connectSrc(policyOf(config))).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
      'https://europe-west1-lindenhof-portal.cloudfunctions.net',
    ]);
    expect(policyOf(config)).not.toMatch(/\*|127\.0\.0\.1/);
    // Everything else of firebase.json stays as it is, but for the guard below.
    const { predeploy: _guard, ...hosting } = firebaseJson.hosting;
    expect({ ...config, hosting: { ...config.hosting, headers: [] } }).toEqual({ ...firebaseJson, hosting: { ...hosting, public: 'dist', headers: [] } });
  });

  it('is what Hosting must be deployed with: firebase.json itself refuses before anything is deployed', () => {
    // firebase.json's CSP reaches no functions: deployed as it is, the portal could not call them.
    expect(firebaseJson.hosting.predeploy).toEqual([expect.stringMatching(/^echo Deploy Hosting with --config dist\.firebase\.json\b.* && exit 1$/)]);
    expect(deployConfig(firebaseJson, { VITE_FIREBASE_PROJECT_ID: 'lindenhof-portal' }, 'dist').hosting).not.toHaveProperty('predeploy');
  });

  it('follows the functions region and an explicit functions address', () => {
    expect(extraConnectSources({ VITE_FIREBASE_PROJECT_ID: 'school', VITE_FUNCTIONS_REGION: 'europe-west3' })).toEqual(['https://europe-west3-school.cloudfunctions.net']);
    expect(extraConnectSources({ VITE_FIREBASE_PROJECT_ID: 'school', VITE_FUNCTIONS_BASE_URL: 'https://api.school.example/fn/' })).toEqual(['https://api.school.example']);
  });

  it('lets an emulator build reach the local emulators only', () => {
    expect(extraConnectSources({ VITE_FIREBASE_PROJECT_ID: 'demo-family-portal' })).toEqual(['http://127.0.0.1:9099', 'http://127.0.0.1:8080', 'http://127.0.0.1:5001']);
    expect(extraConnectSources({ VITE_FIREBASE_PROJECT_ID: 'demo-x', VITE_USE_EMULATORS: 'false' })).toEqual(['https://europe-west1-demo-x.cloudfunctions.net']);
  });

  it('lets an emulator build reach its local push service, and no other build', () => {
    expect(extraConnectSources({ VITE_FIREBASE_PROJECT_ID: 'demo-family-portal', VITE_PUSH_SERVICE_URL: 'http://127.0.0.1:8790' })).toContain('http://127.0.0.1:8790');
    expect(extraConnectSources({ VITE_FIREBASE_PROJECT_ID: 'school', VITE_PUSH_SERVICE_URL: 'http://127.0.0.1:8790' })).toEqual(['https://europe-west1-school.cloudfunctions.net']);
  });

  it('writes the configuration beside the output directory', () => {
    expect(deployConfigPath('/work/app/dist')).toBe('/work/app/dist.firebase.json');
  });

  it('refuses a policy without connect-src rather than widening nothing', () => {
    expect(() => withConnectSources("default-src 'self'", ['https://x.example'])).toThrow(/no connect-src/);
  });
});
