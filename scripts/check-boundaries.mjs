#!/usr/bin/env node
// The project's own lint: the import boundaries of docs/architecture.md plus a few rules that keep
// the codebase honest. Built on oxc-parser because oxlint's and biome's platform bindings cannot
// be installed through this registry with `npm ci`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseSync, Visitor } from 'oxc-parser';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Folders (and root files) the lint reads. */
export const LINT_ROOTS = ['contract', 'machines', 'src', 'server', 'test', 'stories', 'scripts', '.storybook'];
const ROOT_FILES = ['vite.config.ts', 'vitest.config.ts', 'playwright.config.ts'];
const EXTENSIONS = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.tmp', 'test-results', 'playwright-report', 'storybook-static', 'fixtures']);
/** Files written by tools (TanStack's route tree): not ours to lint. */
const GENERATED = /\.gen\.[jt]sx?$/;

const TEST_RUNNERS = new Set(['it', 'test', 'describe', 'suite', 'bench', 'context']);
const FOCUS_OR_SKIP = new Set(['only', 'skip', 'todo', 'fixme']);
const FOCUS_OR_SKIP_FUNCTIONS = new Set(['xit', 'xtest', 'xdescribe', 'fit', 'fdescribe', 'ftest']);
const MARKER_COMMENT = /\b(TODO|FIXME|XXX)\b/;
/** Attributes whose value a person reads or hears. */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'alt', 'title', 'placeholder']);
const HAS_WORDS = /[\p{L}\p{N}]/u;

/** A bare specifier's package name: `react-dom/client` → `react-dom`, `@xstate/react` stays. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Where an import lands, as a repo-relative POSIX path for relative specifiers, or
 * `{ pkg }` for packages.
 */
export function resolveSpecifier(file, specifier) {
  if (specifier.startsWith('.')) return { path: posix.normalize(posix.join(posix.dirname(file), specifier)) };
  if (specifier.startsWith('/')) return { path: posix.normalize(specifier.slice(1)) };
  return { pkg: packageName(specifier) };
}

/** The start of a path of the API (`/api/…`, `/auth/…`), absolute or under the base. */
const CALL_PATH = /^\/?(api|auth)(\/|$)/;

/** The feature a path belongs to: `src/features/<feature>/…`; files directly in src/features are shared. */
const featureOf = (path) => {
  const parts = path.split('/');
  return parts[0] === 'src' && parts[1] === 'features' && parts.length > 3 ? parts[2] : null;
};

/** The feature of a machine file: `machines/<feature>/…`; files directly in machines/ are shared. */
const machineFeatureOf = (path) => {
  const parts = path.split('/');
  return parts[0] === 'machines' && parts.length > 2 ? parts[1] : null;
};

/** What every feature may use, and which therefore uses none: the shared parts of the browser's code. */
const SHARED_SRC = ['src/ui', 'src/shell', 'src/i18n', 'src/api'];

const inside = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/**
 * The import rules of docs/architecture.md (Layers). Returns a message for a forbidden import, else null.
 * `file` is repo-relative with forward slashes.
 */
export function importViolation(file, specifier) {
  const target = resolveSpecifier(file, specifier);
  const pkg = target.pkg;
  const path = target.path;
  const isTestFile = /\.test\.[jt]sx?$/.test(file);

  if (inside(file, 'contract')) {
    if (pkg === 'valibot') return null;
    if (pkg === 'vitest' && isTestFile) return null;
    if (path && inside(path, 'contract')) return null;
    return `contract/ imports only valibot and itself, not '${specifier}'`;
  }
  if (inside(file, 'machines')) {
    if (pkg && ['react', 'react-dom', 'ky', '@xstate/react'].includes(pkg)) return `machines/ must not import '${specifier}'`;
    if (path && (inside(path, 'src') || inside(path, 'server'))) return `machines/ must not import from ${path.split('/')[0]}/`;
    const from = machineFeatureOf(file);
    const to = path ? machineFeatureOf(path) : null;
    if (from && to && from !== to && path !== `machines/${to}/index.ts`) {
      return `machines of '${from}' may use those of '${to}' only through machines/${to}/index.ts, not their insides`;
    }
    return null;
  }
  if (inside(file, 'server')) {
    if (path && (inside(path, 'src') || inside(path, 'machines'))) return `server/ must not import from ${path.split('/')[0]}/`;
    return null;
  }
  if (inside(file, 'src')) {
    if (path && inside(path, 'server')) return 'src/ must not import from server/';
    // Emails are rendered on the server only (docs/decisions/emails.md): no email renderer in a page's bundle.
    if (pkg && (pkg.startsWith('@react-email/') || pkg === '@formatjs/intl')) return `src/ must not import '${specifier}': emails are composed on the server (server/mail)`;
    const from = featureOf(file);
    const to = path ? featureOf(path) : null;
    if (to && !from && SHARED_SRC.some((folder) => inside(file, folder))) {
      return `${file.split('/').slice(0, 2).join('/')}/ must not import a feature (src/features/${to}): features build on it, not the other way`;
    }
    if (from && to && from !== to && path !== `src/features/${to}/index.ts`) {
      return `feature '${from}' may use feature '${to}' only through src/features/${to}/index.ts, not its insides`;
    }
    if (pkg === 'ky' && file !== 'src/api/client.ts') return "only src/api/client.ts imports 'ky': call a declaration with `call` (contract/calls)";
    if (inside(file, 'src/features') && !/-page\.tsx?$/.test(file)) {
      if (pkg === 'ky') return "feature views must not import 'ky': only pages and src/api wire real actors";
      if (path && inside(path, 'src/api')) return 'feature views must not import src/api: only *-page.tsx files wire real actors';
    }
  }
  return null;
}

const lineOf = (source, offset) => {
  let line = 1;
  for (let i = 0; i < offset && i < source.length; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
};

/** The names along a callee chain, root first: `it.only.each` → ['it', 'only', 'each']. */
function calleeChain(node) {
  const names = [];
  let current = node;
  while (current) {
    if (current.type === 'MemberExpression' && !current.computed && current.property.type === 'Identifier') {
      names.unshift(current.property.name);
      current = current.object;
    } else if (current.type === 'CallExpression' || current.type === 'TaggedTemplateExpression') {
      current = current.type === 'CallExpression' ? current.callee : current.tag;
    } else if (current.type === 'Identifier') {
      names.unshift(current.name);
      break;
    } else {
      return [];
    }
  }
  return names;
}

/**
 * Lints one file's text. `file` is repo-relative with forward slashes; its folder decides which
 * rules apply. Returns findings `{ file, line, rule, message }` in source order.
 */
export function lintSource(file, source) {
  const findings = [];
  const report = (offset, rule, message) => findings.push({ file, line: lineOf(source, offset), rule, message });
  const lang = /\.d\.[cm]?ts$/.test(file) ? 'dts' : /\.tsx$/.test(file) ? 'tsx' : /\.jsx$/.test(file) ? 'jsx' : /\.[cm]?ts$/.test(file) ? 'ts' : 'js';
  const result = parseSync(file, source, { lang, sourceType: 'module' });
  for (const error of result.errors) {
    report(error.labels[0]?.start ?? 0, 'parse-error', error.message);
  }

  const inScripts = inside(file, 'scripts');
  const inSrc = inside(file, 'src');
  const noAny = inside(file, 'contract') || inside(file, 'machines');
  const noFetch = (inSrc && file !== 'src/api/client.ts') || inside(file, 'machines');
  // Calls are made by their declarations (contract/calls): no path of the API written in the browser's code.
  const noCallPaths = (inSrc && file !== 'src/api/client.ts') || inside(file, 'machines');
  const checkCallPath = (offset, text) => {
    if (noCallPaths && CALL_PATH.test(text)) report(offset, 'no-call-path', `path ${JSON.stringify(text)} in the browser's code: call its declaration (contract/calls) with \`call\``);
  };
  const inStories = inside(file, 'stories') || inside(file, '.storybook');

  const checkImport = (sourceNode) => {
    if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
    const message = importViolation(file, sourceNode.value);
    if (message) report(sourceNode.start, 'import-boundary', message);
  };

  const checkJsxChildren = (node) => {
    if (!inSrc) return;
    for (const child of node.children) {
      if (child.type === 'JSXText' && HAS_WORDS.test(child.value)) {
        report(child.start, 'jsx-literal-text', `literal text ${JSON.stringify(child.value.trim())} in JSX: use a message`);
      } else if (
        child.type === 'JSXExpressionContainer' &&
        ((child.expression.type === 'Literal' && typeof child.expression.value === 'string') || child.expression.type === 'TemplateLiteral') &&
        HAS_WORDS.test(source.slice(child.expression.start, child.expression.end))
      ) {
        report(child.start, 'jsx-literal-text', 'literal string as JSX child: use a message');
      }
    }
  };

  new Visitor({
    ImportDeclaration: (node) => checkImport(node.source),
    ExportNamedDeclaration: (node) => checkImport(node.source),
    ExportAllDeclaration: (node) => checkImport(node.source),
    ImportExpression: (node) => checkImport(node.source),
    DebuggerStatement: (node) => report(node.start, 'no-debugger', 'debugger statement'),
    TSAnyKeyword: (node) => {
      if (noAny) report(node.start, 'no-any', "'any' in contract/ or machines/: name the type");
    },
    CallExpression: (node) => {
      const chain = calleeChain(node.callee);
      if (!inScripts && chain.length === 2 && chain[0] === 'console' && chain[1] === 'log') {
        report(node.start, 'no-console-log', 'console.log outside scripts/ (the server has its logger)');
      }
      // `it.only.each([1])('x', …)` is reported once, at the inner call that names the modifier.
      const curried = node.callee.type === 'CallExpression';
      if (!curried && chain.length > 1 && TEST_RUNNERS.has(chain[0]) && chain.slice(1).some((name) => FOCUS_OR_SKIP.has(name))) {
        report(node.start, 'no-focused-or-skipped-test', `${chain.join('.')}: every test runs, always`);
      }
      if (chain.length === 1 && FOCUS_OR_SKIP_FUNCTIONS.has(chain[0])) {
        report(node.start, 'no-focused-or-skipped-test', `${chain[0]}: every test runs, always`);
      }
      if (noFetch) {
        const isFetch =
          (chain.length === 1 && chain[0] === 'fetch') ||
          (chain.length === 2 && ['window', 'globalThis', 'self'].includes(chain[0]) && chain[1] === 'fetch');
        if (isFetch) report(node.start, 'no-fetch-in-views', 'views and machines never call fetch: invoke an API actor');
      }
    },
    JSXElement: checkJsxChildren,
    JSXFragment: checkJsxChildren,
    JSXAttribute: (node) => {
      if (!inSrc || node.name.type !== 'JSXIdentifier' || !TEXT_ATTRIBUTES.has(node.name.name)) return;
      const value = node.value;
      const literal =
        value?.type === 'Literal'
          ? value.value
          : value?.type === 'JSXExpressionContainer' && value.expression.type === 'Literal'
            ? value.expression.value
            : null;
      if (typeof literal === 'string' && HAS_WORDS.test(literal)) {
        report(node.start, 'jsx-literal-text', `literal ${node.name.name}=${JSON.stringify(literal)}: use a message`);
      }
    },
    Property: (node) => {
      // Stories are the axe gate: a story must not turn its own accessibility test down.
      if (!inStories || node.computed) return;
      const key = node.key.type === 'Identifier' ? node.key.name : node.key.value;
      if (key === 'test' && node.value.type === 'Literal' && ['off', 'todo'].includes(node.value.value)) {
        report(node.start, 'no-a11y-downgrade', `a11y test '${node.value.value}': axe violations must fail`);
      }
    },
    TemplateLiteral: (node) => {
      const first = node.quasis[0];
      if (first) checkCallPath(node.start, first.value.cooked ?? first.value.raw);
    },
    Literal: (node) => {
      if (typeof node.value === 'string') checkCallPath(node.start, node.value);
      if (inStories && node.value === '!test') report(node.start, 'no-a11y-downgrade', "tag '!test' takes a story out of the test run");
    },
  }).visit(result.program);

  for (const comment of result.comments) {
    const match = MARKER_COMMENT.exec(comment.value);
    if (match) report(comment.start, 'no-marker-comment', `${match[1]} comment: finish it or file an issue`);
  }

  return findings.sort((a, b) => a.line - b.line);
}

function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* walk(join(dir, entry.name));
    } else if (EXTENSIONS.test(entry.name) && !GENERATED.test(entry.name)) {
      yield join(dir, entry.name);
    }
  }
}

/** Every file the lint reads, repo-relative with forward slashes. */
export function lintFiles(root = ROOT) {
  const files = [];
  for (const folder of LINT_ROOTS) for (const file of walk(join(root, folder))) files.push(file);
  for (const name of ROOT_FILES) {
    try {
      readFileSync(join(root, name));
      files.push(join(root, name));
    } catch {
      // absent root config: nothing to lint
    }
  }
  return files.map((file) => relative(root, file).split(sep).join('/'));
}

export function lintRepository(root = ROOT) {
  const files = lintFiles(root);
  const findings = files.flatMap((file) => lintSource(file, readFileSync(join(root, file), 'utf8')));
  return { files, findings };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { files, findings } = lintRepository();
  for (const f of findings) console.log(`${f.file}:${f.line}: ${f.rule}: ${f.message}`);
  console.log(`check-boundaries: ${files.length} files, ${findings.length} finding${findings.length === 1 ? '' : 's'}`);
  process.exitCode = findings.length > 0 ? 1 : 0;
}

