#!/usr/bin/env node
// Message completeness (npm run check:messages): every message id used in src/ (and the emails'
// server/mail/messages.ts, ids `mail.*`) must exist in
// every locale file, no locale may keep ids nobody uses, every message must be valid ICU with
// the same arguments as its English source, and en.json must match the defaultMessages in code.
// The refusal codes' messages (`error.<code>`) come from contract/errors.ts `ERROR_MESSAGES`, where
// each code's English text sits beside its status, rather than from a `defineMessages` in src/.
// `--write-en` rewrites locales/en.json from the code (then translate the new ids by hand).
// It also checks src/i18n/message-groups.json: every route of the route tree is listed there
// (an unlisted route downloads every message group) and names only groups that exist.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import { glossaryProblems } from './support/glossary.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const LOCALES = ['zh_hant', 'en', 'zh_hans'];
const READABLE_ID = /^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;
const writeEn = process.argv.includes('--write-en');

/** Runs `formatjs extract` over src/ and returns { id: { defaultMessage, description, file } }. */
function extract() {
  const dir = mkdtempSync(join(tmpdir(), 'messages-'));
  const out = join(dir, 'extracted.json');
  try {
    const bin = join(root, 'node_modules', '.bin', 'formatjs');
    execFileSync(
      bin,
      ['extract', 'src/**/*.{ts,tsx}', 'server/mail/**/*.{ts,tsx}', '--ignore', 'src/**/*.d.ts', '--ignore', 'src/routeTree.gen.ts', '--extract-source-location', '--throws', '--out-file', out],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The refusal codes' messages from contract/errors.ts (a .ts module: read through tsx), as `extract` gives them. */
function errorCatalogue() {
  const bin = join(root, 'node_modules', '.bin', 'tsx');
  const script = "import('./contract/errors.ts').then(({ ERROR_MESSAGES }) => process.stdout.write(JSON.stringify(ERROR_MESSAGES)))";
  const messages = JSON.parse(execFileSync(bin, ['--eval', script], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  return Object.fromEntries(
    Object.entries(messages).map(([code, { en, description }]) => [`error.${code}`, { defaultMessage: en, description, file: 'contract/errors.ts' }]),
  );
}

/** Argument names a message uses (`{field}`, `{count, plural, …}`, `<b>…</b>` tags). */
function argumentsOf(elements, into = new Set()) {
  for (const element of elements) {
    if ('value' in element && typeof element.value === 'string' && element.type !== TYPE.literal && element.type !== TYPE.pound) {
      into.add(element.value);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      argumentsOf(element.children, into);
    }
  }
  return into;
}

function readLocale(lang) {
  const file = join(root, 'locales', `${lang}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { __unreadable: String(error) };
  }
}

const problems = [];
const extracted = extract();
for (const [id, message] of Object.entries(errorCatalogue())) {
  if (id in extracted) problems.push(`${extracted[id].file}: message "${id}" is written in src/ too; contract/errors.ts ERROR_MESSAGES is its one place`);
  extracted[id] = message;
}
const ids = Object.keys(extracted).sort();

for (const id of ids) {
  const { defaultMessage, description, file, line } = extracted[id];
  const where = file ? `${file}${line ? `:${line}` : ''}` : 'src';
  if (!READABLE_ID.test(id)) problems.push(`${where}: message id "${id}" is not a readable dotted id (area.name)`);
  if (!defaultMessage) problems.push(`${where}: message "${id}" has no English defaultMessage`);
  if (!description) problems.push(`${where}: message "${id}" has no description for translators`);
}

if (writeEn) {
  // The file's own order is kept (a new id goes after the id that sorts just before it), so a new
  // message is a one-line change.
  const before = readLocale('en');
  const order = '__unreadable' in before ? [] : Object.keys(before).filter((id) => id in extracted);
  for (const id of ids.filter((one) => !order.includes(one))) {
    const previous = order.reduce((best, other, index) => (other < id && (best < 0 || other > order[best]) ? index : best), -1);
    order.splice(previous + 1, 0, id);
  }
  const en = Object.fromEntries(order.map((id) => [id, extracted[id].defaultMessage]));
  writeFileSync(join(root, 'locales', 'en.json'), `${JSON.stringify(en, null, 2)}\n`);
  console.log(`locales/en.json: wrote ${ids.length} messages`);
}

const sourceArgs = new Map();
for (const id of ids) {
  try {
    sourceArgs.set(id, argumentsOf(parse(extracted[id].defaultMessage ?? '')));
  } catch (error) {
    problems.push(`src: defaultMessage of "${id}" is not valid ICU: ${error.message}`);
  }
}

for (const lang of LOCALES) {
  const messages = readLocale(lang);
  if ('__unreadable' in messages) {
    problems.push(`locales/${lang}.json: cannot be read: ${messages.__unreadable}`);
    continue;
  }
  for (const id of ids) {
    if (!(id in messages)) problems.push(`locales/${lang}.json: missing "${id}"`);
  }
  for (const [id, text] of Object.entries(messages)) {
    if (!(id in extracted)) {
      problems.push(`locales/${lang}.json: "${id}" is not used in src/ any more`);
      continue;
    }
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`locales/${lang}.json: "${id}" is empty`);
      continue;
    }
    let args;
    try {
      args = argumentsOf(parse(text));
    } catch (error) {
      problems.push(`locales/${lang}.json: "${id}" is not valid ICU: ${error.message}`);
      continue;
    }
    const expected = sourceArgs.get(id);
    if (expected) {
      const missing = [...expected].filter((name) => !args.has(name));
      const unknown = [...args].filter((name) => !expected.has(name));
      if (missing.length) problems.push(`locales/${lang}.json: "${id}" lacks ${missing.map((n) => `{${n}}`).join(', ')}`);
      if (unknown.length) problems.push(`locales/${lang}.json: "${id}" uses unknown ${unknown.map((n) => `{${n}}`).join(', ')}`);
    }
    if (lang === 'en' && text !== extracted[id].defaultMessage) {
      problems.push(`locales/en.json: "${id}" differs from its defaultMessage in code (run npm run check:messages -- --write-en)`);
    }
  }
}

// One vocabulary per language (docs/glossary.md): a rejected variant in a locale's table must not
// appear in that locale's file, and Chinese sentences are joined with no half-width space.
for (const problem of glossaryProblems(readFileSync(join(root, 'docs', 'glossary.md'), 'utf8'), Object.fromEntries(LOCALES.map((lang) => [lang, readLocale(lang)])))) {
  problems.push(problem);
}

// Message groups: what each page downloads (src/i18n/message-groups.json).
const groupsFile = join(root, 'src', 'i18n', 'message-groups.json');
const { groups, routes } = JSON.parse(readFileSync(groupsFile, 'utf8'));
for (const [routeId, names] of Object.entries(routes)) {
  for (const name of names) if (!(name in groups)) problems.push(`src/i18n/message-groups.json: route "${routeId}" names unknown group "${name}"`);
}
const routeTree = readFileSync(join(root, 'src', 'routeTree.gen.ts'), 'utf8');
const byId = /interface FileRoutesById \{([\s\S]*?)\n\}/.exec(routeTree)?.[1] ?? '';
for (const [, quoted, bare] of byId.matchAll(/^\s*(?:'([^']+)'|(\w+)):/gm)) {
  const routeId = quoted ?? bare;
  if (!(routeId in routes)) problems.push(`src/i18n/message-groups.json: route "${routeId}" is not listed (it would download every message group)`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`check:messages: ${problems.length} problem(s) in ${ids.length} messages`);
  process.exit(1);
}
console.log(`check:messages: ${ids.length} messages, complete in ${LOCALES.join(', ')}`);
