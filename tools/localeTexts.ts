/**
 * `import texts from './locales/de.json?texts=family'`: one namespace of a language file
 * (src/i18n/namespaces.ts), so that each page loads only the texts of its own screens. The
 * translators keep one file per language; the cut happens here, in the build and in the tests.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { NAMESPACES, textsOf, type Namespace, type Tree } from '../src/i18n/namespaces.ts';

const TEXTS_QUERY = /^(.+\.json)\?texts=(\w+)$/;

export function localeTextsPlugin(): Plugin {
  return {
    name: 'family-portal:locale-texts',
    enforce: 'pre',
    async load(id) {
      const match = TEXTS_QUERY.exec(id);
      if (!match) return null;
      const [, file, namespace] = match as unknown as [string, string, string];
      if (!(NAMESPACES as readonly string[]).includes(namespace)) throw new Error(`${id}: no namespace "${namespace}" (${NAMESPACES.join(', ')})`);
      this.addWatchFile(file);
      const tree = JSON.parse(await readFile(file, 'utf8')) as Tree;
      // A module of its own, not JSON: the query keeps Vite's JSON handling from taking it. Parsed
      // from a string, which browsers do faster than an object literal of this size.
      const texts = JSON.stringify(textsOf(tree, namespace as Namespace));
      return { code: `export default JSON.parse(${JSON.stringify(texts)});`, moduleType: 'js' };
    },
  };
}
