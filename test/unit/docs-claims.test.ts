import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs' claims that are easy to check and easy to let go stale: the test projects, the
 * statecharts listed, the decision records linked. A change that makes one untrue fails here
 * until the doc says what the code does.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The Vitest projects by name, in the order vitest.config.ts declares them. */
function vitestProjects(): string[] {
  return [...read('vitest.config.ts').matchAll(/^\s+name: '([\w-]+)',$/gm)].map((match) => match[1] as string);
}

function filesUnder(folder: string, ending: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) visit(child);
      else if (entry.name.endsWith(ending)) found.push(relative(root, child).split('\\').join('/'));
    }
  };
  visit(join(root, folder));
  return found.sort();
}

/** `One Vitest config, six projects** (`unit`, …)`: the number word and the names listed. */
function claimedProjects(text: string, pattern: RegExp): { count: number; names: string[] } {
  const match = pattern.exec(text);
  if (!match) throw new Error(`no claim matching ${pattern}`);
  return { count: NUMBER_WORDS.indexOf((match[1] as string).toLowerCase()), names: [...(match[2] ?? '').matchAll(/`([\w-]+)`/g)].map((m) => m[1] as string) };
}

describe('the docs say what the code does', () => {
  const projects = vitestProjects();

  it('vitest.config.ts is read (its projects are found)', () => {
    expect(projects).toContain('unit');
    expect(projects).toContain('storybook');
  });

  it('docs/decisions/testing.md counts and names the Vitest projects', () => {
    const claim = claimedProjects(read('docs/decisions/testing.md'), /One Vitest config, (\w+) projects\*\* \(([^)]*)\)/);
    expect(claim.count).toBe(projects.length);
    expect(claim.names).toEqual(projects);
  });

  it('docs/architecture.md counts the projects and gives each a row', () => {
    const text = read('docs/architecture.md');
    const claim = claimedProjects(text, /One Vitest config \(`vitest\.config\.ts`\) with (\w+) projects()/);
    expect(claim.count).toBe(projects.length);
    const rows = [...text.matchAll(/^\| `([\w-]+)` \| `?(?:test\/|stories\/)/gm)].map((match) => match[1] as string);
    expect(rows).toEqual(projects);
  });

  it('README.md counts the projects', () => {
    const claim = claimedProjects(read('README.md'), /of the (\w+) Vitest projects()/);
    expect(claim.count).toBe(projects.length);
  });

  it('docs/architecture.md lists every statechart, and only those', () => {
    const listed = [...read('docs/architecture.md').matchAll(/^- `(machines\/[\w/-]+\.machine\.ts)`$/gm)].map((match) => match[1] as string);
    expect(listed).toEqual(filesUnder('machines', '.machine.ts'));
  });

  it('docs/decisions/machines.md: no machine has an eventless (`always`) transition', () => {
    expect(read('docs/decisions/machines.md')).toContain('(no machine has one today)');
    const withAlways = filesUnder('machines', '.ts').filter((path) => /\balways:/.test(read(path)));
    expect(withAlways).toEqual([]);
  });

  it('docs/decisions.md links every decision record', () => {
    const index = read('docs/decisions.md');
    const unlinked = filesUnder('docs/decisions', '.md').filter((path) => !index.includes(`](${path.replace(/^docs\//, '')})`));
    expect(unlinked).toEqual([]);
  });

  it('the docs point at no file outside the repository', () => {
    const docs = ['README.md', ...filesUnder('docs', '.md')];
    const outside = docs.filter((path) => /\.\.\/shared|ARCHITECTURE\.md|STACK-NOTES|STYLE\.md|SPEC\.md/.test(read(path)));
    expect(outside).toEqual([]);
  });

  it('a feature has one name: each call group has its routes under the same name', () => {
    const groups = filesUnder('contract/calls', '.ts').map((path) => path.split('/').pop()!.replace(/\.ts$/, '')).filter((name) => !['index', 'account'].includes(name));
    const routes = new Set(filesUnder('server/routes', '.ts').map((path) => path.split('/').pop()!.replace(/\.ts$/, '')));
    expect(groups.filter((name) => !routes.has(name))).toEqual([]);
    expect(read('docs/architecture.md')).toContain('## One name per feature');
  });

  it('docs/operations.md names only settings the server reads, and the scripts\' own variables', () => {
    const guide = read('docs/operations.md');
    // `NAME` in backticks with an underscore (SESSION_SECRET), or NAME= in an example (PORT=3001).
    const named = new Set([
      ...[...guide.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)].map((match) => match[1] as string),
      ...[...guide.matchAll(/^\s*(?:Environment=)?([A-Z][A-Z0-9_]{2,})=/gm)].map((match) => match[1] as string),
    ]);
    const config = read('server/config.ts');
    const scripts = ['scripts/bench.ts', 'scripts/bench-scale.ts', 'scripts/bench-http.ts'].map(read).join('\n');
    const unknown = [...named].filter((name) => !config.includes(`'${name}'`) && !config.includes(`env.${name}`) && !scripts.includes(`env.${name}`));
    expect(named.size).toBeGreaterThan(10);
    expect(unknown).toEqual([]);
    for (const required of ['TRUST_PROXY', 'PUBLIC_URL', 'SESSION_SECRET', 'SESSION_SECRET_PREVIOUS', 'DATABASE_URL', 'DATA_DIR', 'SHUTDOWN_TIMEOUT_MS']) {
      expect(named, required).toContain(required);
    }
  });
});
