import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLegalSetting, renderLegalTexts } from './legalPages';

const ROOT = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'legal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string) {
  writeFileSync(join(dir, name), text);
}

describe('checkLegalSetting', () => {
  it('accepts a setting whose file exists with text in every language', () => {
    expect(checkLegalSetting('legal/demo/imprint.{lng}.md', ROOT)).toBeUndefined();
  });

  it('needs {lng} in the setting', () => {
    expect(checkLegalSetting('legal/demo/imprint.de.md', ROOT)).toMatch(/must contain \{lng\}.*en, de, ru/);
  });

  it('names each language whose file is missing or empty', () => {
    write('gaps.en.md', '## Imprint');
    write('gaps.de.md', '  \n');
    const problem = checkLegalSetting(join(dir, 'gaps.{lng}.md'), ROOT);
    expect(problem).toContain(`de: ${join(dir, 'gaps.de.md')} is empty`);
    expect(problem).toContain(`ru: ${join(dir, 'gaps.ru.md')} does not exist`);
    expect(problem).not.toContain('en:');
  });
});

describe('renderLegalTexts', () => {
  it('renders the Markdown the settings name, one text per language', () => {
    for (const language of ['en', 'de', 'ru']) write(`imprint.${language}.md`, `## Verein (${language})\n\n[Kontakt](https://example.org/kontakt)`);
    const { texts, files } = renderLegalTexts({ VITE_IMPRINT_MARKDOWN: join(dir, 'imprint.{lng}.md') }, ROOT);
    expect(texts.imprint.ru).toBe('<h2>Verein (ru)</h2>\n<p><a href="https://example.org/kontakt">Kontakt</a></p>');
    expect(files).toContain(join(dir, 'imprint.de.md'));
    // The unset privacy notice falls back to the demo text.
    expect(texts.privacy.de).toContain('Demotext');
  });

  it('keeps raw HTML and script links out of the page', () => {
    for (const language of ['en', 'de', 'ru']) write(`hostile.${language}.md`, '<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>');
    const { texts } = renderLegalTexts({ VITE_PRIVACY_MARKDOWN: join(dir, 'hostile.{lng}.md') }, ROOT);
    expect(texts.privacy.en).not.toMatch(/<script|<img|href="javascript/);
    expect(texts.privacy.en).toContain('&lt;script&gt;');
  });
});
