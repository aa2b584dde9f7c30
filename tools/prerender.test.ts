import { describe, expect, it } from 'vitest';
import { pageFromTemplate, prerenderedPaths } from './prerender';

/** index.html as `vite build` writes it. */
const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Family Portal</title>
    <script type="module" crossorigin src="/assets/index-B0i3QeOB.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-CDALnXjh.js">
    <link rel="modulepreload" crossorigin href="/assets/firebase-BbHk9uuB.js">
    <link rel="stylesheet" crossorigin href="/assets/index-CDMIp4tD.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('pre-rendered login page', () => {
  it('puts the page into #root, marked with its language, and sets the language and title of the document', () => {
    const page = pageFromTemplate(template, { language: 'ru', html: '<main><h1>Вход</h1></main>', title: 'Вход · Портал семьи' });
    expect(page).toContain('<html lang="ru">');
    expect(page).toContain('<title>Вход · Портал семьи</title>');
    expect(page).toContain('<div id="root" data-prerendered="ru"><main><h1>Вход</h1></main></div>');
    expect(page).not.toContain('<div id="root"></div>');
  });

  it('asks for the scripts at low priority: the page paints without them', () => {
    const page = pageFromTemplate(template, { language: 'en', html: '<main></main>', title: 'Sign in' });
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-B0i3QeOB.js"></script>');
    expect(page.match(/<link rel="modulepreload" fetchpriority="low" crossorigin /g)).toHaveLength(2);
    expect(page).not.toMatch(/<(script|link rel="modulepreload") crossorigin/);
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-CDMIp4tD.css">');
  });

  it('keeps "$" in the page as it is and escapes the title', () => {
    const page = pageFromTemplate(template, { language: 'en', html: '<p>$& $1 $$</p>', title: 'A <b> & "c"' });
    expect(page).toContain('<p>$& $1 $$</p>');
    expect(page).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>');
  });

  it('refuses a template without an empty #root, naming what is missing', () => {
    expect(() => pageFromTemplate(template.replace('<div id="root"></div>', '<div id="app"></div>'), { language: 'en', html: '', title: '' })).toThrow(
      /index\.html has no <div id="root"><\\\/div>/,
    );
  });

  it('writes English also where Hosting looks when no language of the browser matches', () => {
    expect(prerenderedPaths('en')).toEqual(['login/index.html', 'localized-files/en/login/index.html']);
    expect(prerenderedPaths('de')).toEqual(['localized-files/de/login/index.html']);
  });
});
