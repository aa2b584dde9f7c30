// import-x/no-cycle, counting type-only imports as well. The plugin's rule leaves out every
// `import type` (they vanish from the emitted JavaScript), and none of its options (4.18:
// maxDepth, ignoreExternal, allowUnsafeDynamicCyclicDependency; this rule takes them too) counts
// them. But a cycle of types is still two modules that each need the other, and it turns into a
// runtime cycle the day one of the imports brings a value. This rule runs import-x's own: the
// linted file's type imports reach it as plain imports, and the modules it follows are parsed by
// this file's parseForESLint, which marks their type imports as plain ones too.
import { fileURLToPath } from 'node:url';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const importXNoCycle = importX.rules['no-cycle'];

/** The extensions import-x reads with TypeScript's parser: .ts, .tsx, .cts, .mts. */
const TYPESCRIPT_EXTENSIONS = importX.flatConfigs.typescript.settings['import-x/parsers']['@typescript-eslint/parser'];

/** An import or re-export statement (or `import x = require()`) read as one that brings values. */
function withValueKinds(statement) {
  const copy = { ...statement };
  if ('importKind' in copy) copy.importKind = 'value';
  if ('exportKind' in copy && copy.source) copy.exportKind = 'value';
  if (Array.isArray(copy.specifiers)) {
    copy.specifiers = copy.specifiers.map((specifier) => {
      if ('importKind' in specifier) return { ...specifier, importKind: 'value' };
      if ('exportKind' in specifier && copy.source) return { ...specifier, exportKind: 'value' };
      return specifier;
    });
  }
  return copy;
}

const MODULE_STATEMENTS = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'TSImportEqualsDeclaration']);

/**
 * TypeScript's parser for the modules no-cycle follows (named by path in `import-x/parsers`), with
 * each import and re-export from another module marked as bringing values.
 */
export function parseForESLint(code, options) {
  const result = tseslint.parser.parseForESLint(code, options);
  result.ast.body = result.ast.body.map((statement) => (MODULE_STATEMENTS.has(statement.type) ? withValueKinds(statement) : statement));
  return result;
}

export const noCycle = {
  meta: {
    ...importXNoCycle.meta,
    docs: { ...importXNoCycle.meta.docs, description: 'import-x/no-cycle, counting type-only imports as well.' },
  },
  defaultOptions: importXNoCycle.defaultOptions,
  create(context) {
    const settings = { ...context.settings, 'import-x/parsers': { [fileURLToPath(import.meta.url)]: TYPESCRIPT_EXTENSIONS } };
    const visitors = importXNoCycle.create(Object.create(context, { settings: { value: settings } }));
    const counted = {};
    for (const [type, visit] of Object.entries(visitors)) {
      counted[type] = MODULE_STATEMENTS.has(type) ? (node) => visit(withValueKinds(node)) : visit;
    }
    return counted;
  },
};

/** The plugin eslint.config.js registers as `local`: the rule is `local/no-cycle`. */
export default { meta: { name: 'local' }, rules: { 'no-cycle': noCycle } };
