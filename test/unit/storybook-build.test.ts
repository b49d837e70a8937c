// The two things that broke the built Storybook while the dev-mode story run passed (issue 24),
// checked without building it; `npm run test:storybook-build` runs every story in a real build
// (docs/decisions/storybook.md says what runs where).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor } from 'oxc-parser';
import type { Alias, UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import storybookMain, { keepMessageParser } from '../../.storybook/main.ts';
import viteConfig from '../../vite.config.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function buildConfig(): Promise<UserConfig> {
  if (typeof viteConfig !== 'function') throw new Error('vite.config.ts: expected a config function');
  return viteConfig({ command: 'build', mode: 'production', isSsrBuild: false, isPreview: false });
}

const parserAliases = (alias: unknown) => (alias as Alias[]).filter((entry) => String(entry.replacement).includes('icu-messageformat-parser/no-parser'));

describe('the Storybook build formats raw messages (the email stories)', () => {
  it('the app build swaps in the no-parser build; the Storybook build keeps the parser', async () => {
    const config = await buildConfig();
    // If this fails the app no longer drops the parser, and the check below guards nothing.
    expect(parserAliases(config.resolve?.alias)).toHaveLength(1);
    const viteFinal = storybookMain.viteFinal;
    if (!viteFinal) throw new Error('.storybook/main.ts: viteFinal is gone');
    const final = await viteFinal(config, { configType: 'PRODUCTION' } as Parameters<typeof viteFinal>[1]);
    expect(parserAliases(final.resolve?.alias)).toEqual([]);
    // The app's other build aliases stay.
    expect((final.resolve?.alias as Alias[]).length).toBe((config.resolve?.alias as Alias[]).length - 1);
  });

  it('keepMessageParser reads both alias shapes', () => {
    expect(keepMessageParser({ '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js', x: 'y' })).toEqual([{ find: 'x', replacement: 'y' }]);
    expect(keepMessageParser(undefined)).toEqual([]);
  });

  it('the email stories hand the mail composition the raw locale files, which need that parser', () => {
    const preview = readFileSync(join(ROOT, 'stories/emails/email-preview.tsx'), 'utf8');
    expect(preview).toMatch(/import\.meta\.glob<Record<string, string>>\('\.\.\/\.\.\/locales\/\*\.json'/);
  });
});

/** Files the Storybook bundles whose texts serve as story evidence or play assertions. */
function evidenceFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(path);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
    });
  return [...walk('stories'), ...walk('test/view/models'), ...walk('test/view/support'), ...walk('machines').filter((path) => path.endsWith('.model.ts'))];
}

describe('story evidence never quotes a defaultMessage', () => {
  // Builds strip defaultMessage (formatjs removeDefaultMessage in vite.config.ts): a sight quoting
  // it reads `undefined` there, and the School stories failed with "rowErrors: {} does not show".
  it('no file of the stories, view models or models reads `.defaultMessage`', () => {
    const reads: string[] = [];
    for (const path of evidenceFiles()) {
      const source = readFileSync(join(ROOT, path), 'utf8');
      if (!source.includes('defaultMessage')) continue;
      const { program } = parseSync(path, source, { sourceType: 'module' });
      new Visitor({
        MemberExpression: (node) => {
          if (!node.computed && node.property.type === 'Identifier' && node.property.name === 'defaultMessage') {
            reads.push(`${relative(ROOT, join(ROOT, path))}:${source.slice(0, node.start).split('\n').length}`);
          }
        },
        ObjectPattern: (node) => {
          for (const property of node.properties) {
            if (property.type === 'Property' && property.key.type === 'Identifier' && property.key.name === 'defaultMessage') {
              reads.push(`${relative(ROOT, join(ROOT, path))}:${source.slice(0, node.start).split('\n').length}`);
            }
          }
        },
      }).visit(program);
    }
    expect(reads, 'quote english(m.key) from test/view/support/text.ts instead').toEqual([]);
  });
});
