/**
 * The login page as HTML, rendered once per language when the app is built (the Vite plugin in
 * tools/prerender.ts loads this module). Hosting serves that HTML for /login in the visitor's
 * language, so the form paints before any JavaScript has arrived; main.tsx then hydrates it.
 *
 * The tree is the one main.tsx renders (AppRoot, AppContent: the same first state, Auth still
 * loading and the form empty), with a static router in place of the browser's.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppContent, AppRoot } from './app/App';
import { loadFirstScreen } from './app/startup';
import i18n, { i18nReady, supportedLanguages, type Language } from './i18n';
import { paths } from './routing/paths';

export interface PrerenderedPage {
  /** The content of #root. */
  html: string;
  /** The document title, as PublicLayout sets it once the page runs. */
  title: string;
}

export const languages = supportedLanguages;

export async function renderLoginPage(language: Language): Promise<PrerenderedPage> {
  await i18nReady;
  await i18n.changeLanguage(language);
  await loadFirstScreen(paths.login);
  const html = renderToString(
    <AppRoot>
      <StaticRouter location={paths.login}>
        <AppContent />
      </StaticRouter>
    </AppRoot>,
  );
  return { html, title: `${i18n.t('auth.login.title')} · ${i18n.t('app.name')}` };
}
