import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl, type MessageDescriptor } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from '../../contract/calls/index.ts';
import { FIELD_RULES, type FieldRule } from '../../contract/errors.ts';
import { FullInfoRequestSchema } from '../../contract/schemas/upgrade.ts';
import { parseWith } from '../../contract/validate.ts';
import en from '../../locales/en.json' with { type: 'json' };
import zhHans from '../../locales/zh_hans.json' with { type: 'json' };
import zhHant from '../../locales/zh_hant.json' with { type: 'json' };
import {
  catalogueEntryFromMessages,
  domainMessages,
  FIELD_ANY_MESSAGES,
  FIELD_IDS_OUTSIDE_CATALOGUE,
  FIELD_MESSAGES,
  FIELD_NOT_TYPED,
  fieldIssueMessage,
  fieldMessageKey,
  formatFieldIssue,
  LOGIN_ID_OR_EMAIL_WORDING,
} from '../../src/i18n/field-messages.ts';

const LOCALES = { en, zh_hant: zhHant, zh_hans: zhHans } as Record<string, Record<string, string>>;
const INTL_LOCALE: Record<string, string> = { en: 'en', zh_hant: 'zh-Hant-HK', zh_hans: 'zh-Hans-CN' };
const RULES = new Set<string>(FIELD_RULES);
const root = join(import.meta.dirname, '..', '..');

/** Schema nodes as valibot builds them: what the walk reads. */
interface SchemaNode {
  kind?: string;
  message?: unknown;
  pipe?: SchemaNode[];
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  options?: SchemaNode[];
  item?: SchemaNode;
}

/** Every (field, rule) a request schema can answer: its messages are the rules (contract/validate.ts). */
function walkSchema(node: SchemaNode | undefined, path: string, into: Set<string>, seen = new Set<SchemaNode>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const add = (message: unknown) => {
    if (typeof message === 'string' && RULES.has(message)) into.add(`${path}|${message}`);
  };
  add(node.message);
  for (const step of node.pipe ?? []) {
    if (step === node) continue;
    add(step.message);
    if (step.kind === 'schema') walkSchema(step, path, into, seen);
  }
  for (const [key, entry] of Object.entries(node.entries ?? {})) walkSchema(entry, path ? `${path}.${key}` : key, into, seen);
  walkSchema(node.wrapped, path, into, seen);
  for (const option of node.options ?? []) walkSchema(option, path, into, seen);
  walkSchema(node.item, path, into, seen);
}

function sourceFiles(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.model.ts') && keep(file))
    .map((file) => readFileSync(join(root, dir, file), 'utf8'));
}

/** The (field, rule) pairs the server and the machines make themselves, read from their source. */
function sourcePairs(into: Set<string>): void {
  const texts = [...sourceFiles('server', () => true), ...sourceFiles('contract', () => true), ...sourceFiles('machines', () => true)];
  for (const text of texts) {
    for (const [, field, rule] of text.matchAll(/field: '([\w.]+)', rule: '(\w+)'/g)) into.add(`${field}|${rule}`);
    // A confirmation checked against the field it repeats (contract/schemas/common.ts sameAsCheck).
    for (const [, field] of text.matchAll(/sameAsCheck<[^>]+>\('(\w+)'/g)) into.add(`${field}|sameAs`);
    // An issue added by a schema's own check, at a named key (the teacher's duty remark).
    for (const [, rule, field] of text.matchAll(/message: '(\w+)',\s*path: \[\s*\{[^}]*?key: '(\w+)'/g)) into.add(`${field}|${rule}`);
  }
}

/** Every (field, rule) any form can show, by catalogue key. */
function everyFieldRule(): Array<{ key: string; field: string; rule: FieldRule }> {
  const pairs = new Set<string>();
  for (const call of ALL_CALLS) walkSchema(call.request as unknown as SchemaNode, '', pairs);
  sourcePairs(pairs);
  return [...pairs]
    .map((pair) => {
      const [path = '', rule = ''] = pair.split('|');
      const field = fieldMessageKey(path);
      return { key: `${field}.${rule}`, field, rule: rule as FieldRule };
    })
    .filter((pair, index, all) => all.findIndex((other) => other.key === pair.key) === index && RULES.has(pair.rule));
}

const ANY_FIELD: ReadonlySet<string> = new Set(['recaptcha', 'controlCharacter', 'indecent']);

/** Argument names of an ICU message. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

/** Every field message there is: per (field, rule), per form, for any field, for a refused domain. */
const ALL_FIELD_MESSAGES: MessageDescriptor[] = [
  ...Object.values(FIELD_MESSAGES),
  ...Object.values(LOGIN_ID_OR_EMAIL_WORDING).filter((one): one is MessageDescriptor => one !== undefined),
  ...Object.values(FIELD_ANY_MESSAGES),
  ...Object.values(domainMessages),
];
/** Only values go into a field message (a year, a domain), never a label. */
const VALUE_ARGUMENTS = new Set(['min', 'max', 'domain']);
/** The SPEC §5 templates the sentences replace (issue 26: "Which of these are you? is required"). */
const ASSEMBLED = /( is required| format is wrong| format is incorrect| must be accepted| are different|^Max length of | is incorrect$| is too short$)/;

describe('field messages (issue 26: written for people, not assembled from field names)', () => {
  const pairs = everyFieldRule();

  it('finds the field rules of every form (the walk itself works)', () => {
    const keys = pairs.map((pair) => pair.key);
    for (const key of ['acceptTerms.accepted', 'roles.required', 'yearOfBirth.yearRange', 'confirmNewPassword.sameAs', 'confirmUsername.sameAs', 'dutyRemark.required', 'email.taken', 'newDomain.duplicated', 'newPassword.complexity']) {
      expect(keys).toContain(key);
    }
    expect(pairs.length).toBeGreaterThan(120);
  });

  it('gives every field rule of every form its own sentence (or the shared one for fields nobody types)', () => {
    const missing = pairs.filter(({ key, field, rule }) => !FIELD_MESSAGES[key] && !FIELD_NOT_TYPED.has(field) && !ANY_FIELD.has(rule)).map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it('shows each field rule its own message in every language', () => {
    for (const [lang, messages] of Object.entries(LOCALES)) {
      const intl = createIntl({ locale: INTL_LOCALE[lang] ?? lang, messages });
      for (const { field, rule } of pairs) {
        const { descriptor } = fieldIssueMessage({ field, rule });
        const text = formatFieldIssue(intl, { field, rule });
        expect(text, `${lang} ${field}.${rule}`).toBe(intl.formatMessage(descriptor, rule === 'yearRange' ? { min: '1900', max: String(new Date().getUTCFullYear()) } : {}));
        expect(text).not.toContain(String(descriptor.id));
      }
    }
  });

  it('finds, as builds do, the same sentence by its id among the loaded messages as in the table (issue 26: the table stays out of the bundle)', () => {
    const catalogueIds = new Set(Object.values(FIELD_MESSAGES).map((descriptor) => String(descriptor.id)));
    for (const [lang, messages] of Object.entries(LOCALES)) {
      const has = (id: string) => Object.hasOwn(messages, id);
      // Every key the forms can meet, and every id under `field.` a locale holds.
      const keys = new Set([...Object.keys(FIELD_MESSAGES), ...pairs.map((pair) => pair.key), ...Object.keys(messages).filter((id) => id.startsWith('field.')).map((id) => id.slice('field.'.length))]);
      for (const key of keys) {
        const entry = FIELD_MESSAGES[key];
        expect(catalogueEntryFromMessages(key, has), `${lang} ${key}`).toEqual(entry ? { id: entry.id } : undefined);
      }
      const outside = Object.keys(messages).filter((id) => id.startsWith('field.') && !catalogueIds.has(id));
      expect(outside.filter((id) => !FIELD_IDS_OUTSIDE_CATALOGUE.test(id)), lang).toEqual([]);
    }
    const built = createIntl({ locale: 'en', messages: en });
    expect(formatFieldIssue(built, { field: 'values.interests.2', rule: 'format' })).toBe(built.formatMessage(catalogueEntryFromMessages('interests.format', (id) => id in en)!));
  });

  it('writes each message as a whole sentence in all three languages, with values but no label in it', () => {
    for (const descriptor of ALL_FIELD_MESSAGES) {
      const id = String(descriptor.id);
      for (const [lang, messages] of Object.entries(LOCALES)) {
        const text = messages[id];
        expect(text, `${lang} ${id}`).toBeTypeOf('string');
        const args = [...argumentsOf(parse(text ?? ''))];
        expect(args.filter((name) => !VALUE_ARGUMENTS.has(name)), `${lang} ${id} takes only values`).toEqual([]);
        if (lang === 'en') {
          expect(text, id).toMatch(/^(\{domain\}|[A-Z])/);
          expect(text, id).not.toMatch(ASSEMBLED);
          // No question or first-person label quoted inside ("Which of these are you? is required").
          expect(text, id).not.toMatch(/\?|\bI accept\b/);
        } else {
          expect(text, `${lang} ${id}`).toMatch(/。$/);
          expect(text, `${lang} ${id}`).not.toMatch(/？|我接受/);
        }
      }
    }
  });

  it('refuses an 1850 year of birth by the accepted years, not a "format" (issue 26)', () => {
    const result = parseWith(FullInfoRequestSchema, { gender: 'F', yearOfBirth: '1850', roles: ['PARENT'] });
    expect(result.ok).toBe(false);
    const issue = result.ok ? undefined : result.fields.find((one) => one.field === 'yearOfBirth');
    expect(issue).toEqual({ field: 'yearOfBirth', rule: 'yearRange' });
    const year = new Date().getUTCFullYear();
    expect(formatFieldIssue(createIntl({ locale: 'en', messages: en }), issue!)).toBe(`Year of birth must be between 1900 and ${year}`);
    expect(formatFieldIssue(createIntl({ locale: 'zh-Hant-HK', messages: zhHant }), issue!)).toBe(`出生年份必須介乎 1900 至 ${year} 年。`);
  });

  it('says what to do for the fields the issue named, in English', () => {
    const intl = createIntl({ locale: 'en', messages: en });
    expect(formatFieldIssue(intl, { field: 'acceptTerms', rule: 'accepted' })).toBe('Accept the terms to continue');
    expect(formatFieldIssue(intl, { field: 'roles', rule: 'required' })).toBe('Select which of these you are');
    expect(formatFieldIssue(intl, { field: 'yearOfBirth', rule: 'required' })).toBe('Enter your year of birth');
    expect(formatFieldIssue(intl, { field: 'confirmNewPassword', rule: 'sameAs' })).toBe('Enter the same password in both fields');
    expect(formatFieldIssue(intl, { field: 'values.interests.2', rule: 'format' })).toBe('Select interests from the list');
    expect(formatFieldIssue(intl, { field: 'familyId', rule: 'required' })).toBe(en['field.any.untyped']);
    expect(formatFieldIssue(intl, { field: 'loginId', rule: 'required' }, LOGIN_ID_OR_EMAIL_WORDING)).toBe('Enter your login ID or login email');
  });
});
