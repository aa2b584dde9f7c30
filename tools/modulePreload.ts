/**
 * Which of a dynamic import's chunks Vite announces with `<link rel="modulepreload">` when the
 * import starts (vite.config.ts: `build.modulePreload.resolveDependencies`).
 *
 * A link lets a first visit fetch a page's imports at once instead of one level after another.
 * That is worth it for the public pages, which first visits open from the network. The rest
 * comes from caches or is not waited for: the signed-in frame and its pages are fetched while
 * the parent types on /login (app/startup.ts) and the service worker has them from then on; the
 * Firebase SDK's chunks start together anyway (data/firebase). Their links only cost the phone:
 * adding a reload's links to the document was most of the dashboard's first task (Chromium, CPU
 * slowed down 4×).
 */
export const PUBLIC_CHUNKS = ['LoginPage', 'VerifyEmailPage', 'ForgotPasswordPage', 'ResetPasswordPage', 'AuthActionPage', 'LegalPage', 'UnsubscribePage'];

const chunkName = (file: string) => file.split('/').pop()!.replace(/-[\w-]{8}\.js$/, '');

/** The dependencies to announce for the dynamic import of `file` (a built chunk's path). */
export function preloadedDependencies(file: string, dependencies: string[], host: { hostType: 'html' | 'js' }): string[] {
  if (host.hostType === 'html') return dependencies;
  return PUBLIC_CHUNKS.includes(chunkName(file)) ? dependencies : [];
}
