/**
 * Which of a dynamic import's chunks Vite announces with `<link rel="modulepreload">` when the
 * import starts (vite.config.ts: `build.modulePreload.resolveDependencies`).
 *
 * A link lets a first visit fetch a page's imports at once instead of one level after another.
 * It is worth that on the public pages, which first visits open from the network. The signed-in
 * frame and pages come from caches: the login page fetches them while the parent types
 * (app/startup.ts), and the service worker has them from then on. Their links only cost the
 * phone: adding a reload's twenty-odd links to the document took a quarter of the dashboard's
 * first task (Chromium, CPU slowed down 4×).
 */
export const SIGNED_IN_CHUNKS = ['AppShell', 'DashboardPage', 'FamilyPage', 'PlansPage', 'TransactionsPage', 'BookDepositsPage', 'AdminPage'];

const chunkName = (file: string) => file.split('/').pop()!.replace(/-[\w-]{8}\.js$/, '');

/** The dependencies to announce for the dynamic import of `file` (a built chunk's path). */
export function preloadedDependencies(file: string, dependencies: string[], host: { hostType: 'html' | 'js' }): string[] {
  if (host.hostType === 'html') return dependencies;
  return SIGNED_IN_CHUNKS.includes(chunkName(file)) ? [] : dependencies;
}
