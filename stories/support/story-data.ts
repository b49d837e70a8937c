import type { AnyEventObject, InputFrom, AnyStateMachine } from 'xstate';
import { FAMILY_CAPACITY } from '../../contract/schemas/family.ts';

/**
 * The data that changes layouts, as story controls: designers pick long names in each script, a
 * full family and many requests, and the story's actor is driven along the same path with the
 * model's sample results rewritten to match. Only actor results and the machine's input are
 * rewritten, never what the user typed, so the path still reaches the same state.
 */
export interface DataArgs {
  /** Every name the screen shows from the server: nicknames, the family's name, the profile's names. */
  names?: NameSample;
  /** `full`: the family filled to its capacity. */
  family?: 'sample' | 'full';
  /** How many join requests the family has pending. */
  requests?: 'sample' | 'none' | 'many';
}

export type NameSample = 'sample' | 'longEnglish' | 'longChinese' | 'longNepali';

interface LongName {
  surname: string;
  given: string;
}

/** Long but real-looking names (each under NAME_MAX and NICKNAME_MAX). */
export const LONG_NAMES: Record<Exclude<NameSample, 'sample'>, LongName> = {
  longEnglish: { surname: 'Montgomery-Worthington-Fitzgerald', given: 'Maximilian Alexander Bartholomew' },
  longChinese: { surname: '歐陽', given: '慕容思穎詠琳嘉欣曉彤卓穎' },
  // Nepali in Devanagari: a script Hong Kong families write their names in, with its own line height.
  longNepali: { surname: 'श्रेष्ठ गुरुङ', given: 'सरस्वती कुमारी लक्ष्मी देवी' },
};

const MANY_REQUESTS = 42;

/** Name fields by kind: a Chinese-name field gets the Chinese sample only; the rest take any script. */
const CHINESE_FIELDS = new Set(['chineseSurname', 'chineseGivenName', 'chFullName']);
const SURNAME_FIELDS = new Set(['chineseSurname', 'englishSurname']);
const GIVEN_FIELDS = new Set(['chineseGivenName', 'englishGivenName']);
const FULL_FIELDS = new Set(['nickname', 'familyName', 'displayName', 'chFullName', 'enFullName']);

export const DATA_ARG_TYPES = {
  names: {
    name: 'Names',
    description: 'Names from the server (nicknames, family name, profile names): long ones in each script.',
    control: { type: 'select' },
    options: ['sample', 'longEnglish', 'longChinese', 'longNepali'],
  },
  family: {
    name: 'Family size',
    description: `The sample family, or one filled to its capacity (${FAMILY_CAPACITY} members).`,
    control: { type: 'inline-radio' },
    options: ['sample', 'full'],
  },
  requests: {
    name: 'Join requests',
    description: `The sample requests, none, or ${MANY_REQUESTS} (many pages).`,
    control: { type: 'inline-radio' },
    options: ['sample', 'none', 'many'],
  },
} as const;

/** Which controls a model's data can honour: the keys its sample results and input carry. */
export function dataControls(samples: readonly unknown[]): (keyof DataArgs)[] {
  const keys = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      keys.add(key);
      visit(child, depth + 1);
    }
  };
  for (const sample of samples) visit(sample, 0);
  const controls: (keyof DataArgs)[] = [];
  if ([...keys].some((key) => FULL_FIELDS.has(key) || SURNAME_FIELDS.has(key) || GIVEN_FIELDS.has(key))) controls.push('names');
  if (keys.has('members')) controls.push('family');
  if (keys.has('requests')) controls.push('requests');
  return controls;
}

/** True when every control is at its sample: the story then shows exactly the model's data. */
export function isSampleData(args: DataArgs): boolean {
  return (args.names ?? 'sample') === 'sample' && (args.family ?? 'sample') === 'sample' && (args.requests ?? 'sample') === 'sample';
}

function nameFor(field: string, sample: NameSample, index: number): string | null {
  if (sample === 'sample') return null;
  if (CHINESE_FIELDS.has(field) && sample !== 'longChinese') return null;
  const name = LONG_NAMES[sample];
  const suffix = index > 0 ? ` ${index + 1}` : '';
  if (SURNAME_FIELDS.has(field)) return name.surname;
  if (GIVEN_FIELDS.has(field)) return name.given;
  if (!FULL_FIELDS.has(field)) return null;
  const full = sample === 'longChinese' ? `${name.surname}${name.given}` : `${name.given} ${name.surname}`;
  return `${full}${suffix}`;
}

type Row = Record<string, unknown>;

function fillFamily(members: Row[]): Row[] {
  const template = members.find((member) => member.isCurrentUser !== true) ?? members[0];
  if (!template) return members;
  const extra = Array.from({ length: Math.max(0, FAMILY_CAPACITY - members.length) }, (_, index) => ({
    ...template,
    memberId: `m-story-${index + 1}`,
    nickname: `Member ${members.length + index + 1}`,
    isAdmin: false,
    isCurrentUser: false,
  }));
  return [...members, ...extra];
}

function setRequests(requests: Row[], choice: DataArgs['requests']): Row[] {
  if (choice === 'none') return [];
  if (choice !== 'many') return requests;
  const template: Row = requests[0] ?? { familyRole: 'RELATIVE', status: 'pending', requestedAt: '2026-01-10T08:00:00.000Z' };
  return Array.from({ length: MANY_REQUESTS }, (_, index) => ({ ...template, memberId: `m-request-${index + 1}`, nickname: `Cousin ${index + 1}` }));
}

/** Hong Kong staff names (Chinese, English as the school list writes them) for the rows a page fills in. */
const PAGE_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['張偉強', 'CHEUNG Wai Keung'],
  ['黃美玲', 'WONG Mei Ling'],
  ['何家俊', 'HO Ka Chun'],
  ['林嘉欣', 'LAM Ka Yan'],
  ['梁志明', 'LEUNG Chi Ming'],
  ['吳詠詩', 'NG Wing Sze'],
  ['劉俊傑', 'LAU Chun Kit'],
  ['鄭凱琳', 'CHENG Hoi Lam'],
  ['周家豪', 'CHOW Ka Ho'],
  ['馮曉彤', 'FUNG Hiu Tung'],
  ['蔡子軒', 'CHOI Tsz Hin'],
  ['許慧敏', 'HUI Wai Man'],
  ['郭志偉', 'KWOK Chi Wai'],
  ['譚穎欣', 'TAM Wing Yan'],
  ['麥浩然', 'MAK Ho Yin'],
  ['葉卓琳', 'YIP Cheuk Lam'],
  ['盧國強', 'LO Kwok Keung'],
  ['陸思敏', 'LUK Sze Man'],
];

/**
 * A paged answer (`records` with `total`, `page`, `pageSize`) holds the rows its numbers say: the
 * models answer "22 records, page 1 of 2" with two rows, enough for their tests, but the page a
 * designer reviews shows the 20 it names. The model's rows come first, then rows copied from them
 * with other ids, names and addresses; the last page keeps what is left (2 of 22).
 */
function fillPage(node: Row): Row {
  const { records, total, page, pageSize } = node;
  if (!Array.isArray(records) || records.length === 0 || typeof total !== 'number' || typeof page !== 'number' || typeof pageSize !== 'number') return node;
  const shown = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
  if (records.length >= shown) return node;
  const extra = Array.from({ length: shown - records.length }, (_, index) => {
    const template = records[index % records.length] as Row;
    const [chinese, english] = PAGE_NAMES[index % PAGE_NAMES.length]!;
    const row: Row = { ...template };
    const number = String(records.length + index + 1).padStart(12, '0');
    if (typeof template.id === 'string') row.id = `${template.id.slice(0, -12)}${number}`;
    if (typeof template.emailAddress === 'string') row.emailAddress = `${english.toLowerCase().replace(' ', '.').replace(/ /g, '')}@${template.emailAddress.split('@')[1]}`;
    if ('chFullName' in template) row.chFullName = chinese;
    if ('enFullName' in template) row.enFullName = english;
    return row;
  });
  return { ...node, records: [...records, ...extra] };
}

/** A copy of `value` with the chosen data: names replaced, family filled, requests set. */
export function vary<T>(value: T, args: DataArgs): T {
  const names = args.names ?? 'sample';
  const walk = (node: unknown, index: number, depth: number): unknown => {
    if (depth > 8 || node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((item, i) => walk(item, i, depth + 1));
    // Errors, dates and other instances pass as they are: only plain data is varied.
    if (Object.getPrototypeOf(node) !== Object.prototype) return node;
    const out: Row = {};
    for (const [key, child] of Object.entries(fillPage(node as Row))) {
      if (typeof child === 'string') {
        out[key] = nameFor(key, names, index) ?? child;
      } else if (key === 'members' && Array.isArray(child)) {
        const members = args.family === 'full' ? fillFamily(child as Row[]) : (child as Row[]);
        out[key] = members.map((member, i) => walk(member, i, depth + 1));
      } else if (key === 'requests' && Array.isArray(child)) {
        out[key] = setRequests(child as Row[], args.requests).map((request, i) => walk(request, i, depth + 1));
      } else {
        out[key] = walk(child, index, depth + 1);
      }
    }
    return out;
  };
  return walk(value, 0, 0) as T;
}

/** An actor result with its output varied; any other event as it is. */
export function varyEvent(event: AnyEventObject, args: DataArgs): AnyEventObject {
  if (!event.type.startsWith('xstate.done.actor.') || !('output' in event)) return event;
  return { ...event, output: vary((event as AnyEventObject & { output: unknown }).output, args) };
}

export function varyInput<TMachine extends AnyStateMachine>(input: InputFrom<TMachine>, args: DataArgs): InputFrom<TMachine> {
  return vary(input, args);
}
