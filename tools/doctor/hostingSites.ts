/**
 * The host names a project's Hosting sites answer to, asked with the signed-in firebase CLI's
 * own credentials and API calls (read only): each site's default names and its custom domains.
 * The CLI has commands for the sites but none for their domains, so this uses its library
 * directly, as pinned in package-lock.json.
 */
import { createRequire } from 'node:module';
import type { ServedLookup } from './originChecks';

interface HostingApi {
  listSites: (project: string) => Promise<Array<{ name: string }>>;
  getAllSiteDomains: (project: string, site: string) => Promise<string[]>;
}

const require = createRequire(import.meta.url);

export async function lookUpServedHosts(projectId: string): Promise<ServedLookup> {
  try {
    const auth = require('firebase-tools/lib/requireAuth') as { requireAuth: (options: object) => Promise<unknown> };
    const hosting = require('firebase-tools/lib/hosting/api') as HostingApi;
    await auth.requireAuth({ project: projectId, nonInteractive: true });
    const sites = await hosting.listSites(projectId);
    const hosts = new Set<string>();
    for (const site of sites) {
      const siteId = site.name.split('/').pop() ?? '';
      for (const host of await hosting.getAllSiteDomains(projectId, siteId)) hosts.add(host);
    }
    return hosts.size > 0 ? { kind: 'found', hosts: [...hosts].sort() } : { kind: 'unchecked', reason: 'the project has no Hosting site yet' };
  } catch (failure) {
    return { kind: 'unchecked', reason: (failure as Error).message.split('\n')[0] ?? 'the firebase CLI could not tell' };
  }
}
