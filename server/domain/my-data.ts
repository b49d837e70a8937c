import { sql } from 'kysely';
import { strToU8, zipSync } from 'fflate';
import type { Language } from '../../contract/index.ts';
import { MY_DATA_INTERVAL_HOURS, MY_DATA_SCHEMA_VERSION } from '../../contract/schemas/my-data.ts';
import type { DB, Db } from '../db/schema.ts';
import { emailIntl } from '../mail/intl.ts';
import { mailMessages as m, type MailMessageDescriptor } from '../mail/messages.ts';
import { DomainError } from './errors.ts';
import { PERSONAL_PROFILE_COLUMNS } from './profile.ts';
import { queueSecurityEmail } from './security-emails.ts';
import { SIGN_IN_HISTORY_MS } from './sign-in-history.ts';
import { describeUserAgent } from './user-agents.ts';

/**
 * My data (issue 23; docs/decisions/my-data.md, the file's schema in docs/my-data-export.md):
 * everything the platform holds about one account, as JSON and as an HTML page in the account's
 * language, in one zip. A section is one entry of MY_DATA_SECTIONS: its key in the JSON, its
 * heading in the page, and the read that fills it. Secrets (password and code hashes, session ids,
 * tokens) are never read.
 */

export const MY_DATA_INTERVAL_MS = MY_DATA_INTERVAL_HOURS * 60 * 60_000;

/** A value of the file: JSON's, with times as ISO strings. */
export type ExportValue = string | number | boolean | null | ExportValue[] | { [key: string]: ExportValue };

export interface ExportSection {
  /** The section's key in the JSON file. */
  key: string;
  /** Its heading in the HTML page. */
  heading: MailMessageDescriptor;
  read(db: Db, account: ExportAccount, now: Date): Promise<ExportValue>;
}

/** Whose data: the account's id and the addresses it carries, which other records are found by. */
export interface ExportAccount {
  id: string;
  emails: string[];
}

/** Dates become ISO strings, everything else stays as the database gave it. */
function plain(value: unknown): ExportValue {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: ExportValue } = {};
    for (const [key, item] of Object.entries(value)) out[key] = plain(item);
    return out;
  }
  if (typeof value === 'bigint') return String(value);
  return (value ?? null) as ExportValue;
}

type UserColumn = keyof DB['users'] & string;

/** Columns of the account's own `users` row, as plain values. */
async function userColumns(db: Db, userId: string, columns: readonly UserColumn[]): Promise<ExportValue> {
  return plain(await db.selectFrom('users').select(columns).where('id', '=', userId).executeTakeFirstOrThrow());
}

export const MY_DATA_SECTIONS: readonly ExportSection[] = [
  {
    key: 'account',
    heading: m.myDataAccount,
    read: (db, account) => userColumns(db, account.id, ['login_id', 'category', 'status', 'school_code', 'language', 'display_name', 'created_at', 'activated_at']),
  },
  {
    key: 'profile',
    heading: m.myDataProfile,
    read: (db, account) => userColumns(db, account.id, PERSONAL_PROFILE_COLUMNS),
  },
  {
    key: 'emailsAndMobile',
    heading: m.myDataEmailsAndMobile,
    read: (db, account) => userColumns(db, account.id, ['login_email', 'contact_email', 'mfa_email', 'mobile_country_code', 'mobile_number', 'mobile_verified_at']),
  },
  {
    key: 'subscriptions',
    heading: m.myDataSubscriptions,
    read: async (db, account) => {
      const user = await db.selectFrom('users').select('subscriptions').where('id', '=', account.id).executeTakeFirstOrThrow();
      const byEmail =
        account.emails.length === 0 ? [] : await db.selectFrom('email_subscriptions').select(['email', 'services', 'confirmed_at']).where('email', 'in', account.emails).orderBy('email').execute();
      return plain({ account: user.subscriptions, byEmail });
    },
  },
  {
    key: 'teacherProfile',
    heading: m.myDataTeacherProfile,
    read: async (db, account) => {
      const teacher = await db
        .selectFrom('teacher_profiles')
        .select(['teacher_type', 'institution', 'username', 'teaching_levels', 'special_curricula', 'subjects', 'duties', 'duty_remark', 'interests', 'teacher_email', 'teacher_email_verified_at', 'updated_at'])
        .where('user_id', '=', account.id)
        .executeTakeFirst();
      const staff = await db.selectFrom('school_staff').select(['school_code', 'school_email', 'ch_full_name', 'en_full_name', 'updated_at']).where('user_id', '=', account.id).executeTakeFirst();
      return plain({ teacher: teacher ?? null, schoolStaff: staff ?? null });
    },
  },
  {
    key: 'parentProfile',
    heading: m.myDataParentProfile,
    read: async (db, account) => plain(await db.selectFrom('users').select(['parent_interests as interests']).where('id', '=', account.id).executeTakeFirstOrThrow()),
  },
  {
    key: 'family',
    heading: m.myDataFamily,
    read: async (db, account) =>
      plain(
        await db
          .selectFrom('family_members')
          .innerJoin('families', 'families.id', 'family_members.family_id')
          .select([
            'families.name as family',
            'families.ref as reference',
            'family_members.nickname',
            'family_members.family_role as role',
            'family_members.is_admin as admin',
            'family_members.status',
            'family_members.requested_at',
            'family_members.processed_at',
            'family_members.closed_at',
          ])
          .where('family_members.user_id', '=', account.id)
          .orderBy('family_members.requested_at')
          .execute(),
      ),
  },
  {
    key: 'linkedIdentities',
    heading: m.myDataLinkedIdentities,
    read: async (db, account) =>
      plain(await db.selectFrom('user_identities').select(['provider', 'email', 'linked_at']).where('user_id', '=', account.id).orderBy('linked_at').execute()),
  },
  {
    key: 'associations',
    heading: m.myDataAssociations,
    read: async (db, account) =>
      plain(
        await db
          .selectFrom('user_relationships')
          .innerJoin('users as member', 'member.id', 'user_relationships.member_id')
          .innerJoin('users as associate', 'associate.id', 'user_relationships.associate_id')
          .select(['member.login_id as member', 'associate.login_id as associate', 'user_relationships.nature', 'user_relationships.created_at', 'user_relationships.removed_at'])
          .where((eb) => eb.or([eb('user_relationships.member_id', '=', account.id), eb('user_relationships.associate_id', '=', account.id)]))
          .orderBy('user_relationships.created_at')
          .execute(),
      ),
  },
  {
    key: 'upgrades',
    heading: m.myDataUpgrades,
    read: async (db, account) =>
      plain(
        await db
          .selectFrom('upgrades')
          .select(['kind', 'step', 'email', 'email_verified_at', 'created_at', 'updated_at', 'expires_at', 'completed_at'])
          .where('user_id', '=', account.id)
          .orderBy('created_at')
          .execute(),
      ),
  },
  {
    key: 'sessions',
    heading: m.myDataSessions,
    read: async (db, account) => {
      const rows = await db.selectFrom('sessions').select(['created_at', 'last_seen_at', 'user_agent', 'address']).where('user_id', '=', account.id).orderBy('created_at').execute();
      return plain(rows.map(({ user_agent, ...row }) => ({ ...row, ...described(user_agent) })));
    },
  },
  {
    key: 'knownBrowsers',
    heading: m.myDataKnownBrowsers,
    read: async (db, account) =>
      plain(await db.selectFrom('known_browsers').select(['browser_key as browser', 'first_seen_at', 'last_seen_at']).where('user_id', '=', account.id).orderBy('first_seen_at').execute()),
  },
  {
    key: 'signInHistory',
    heading: m.myDataSignInHistory,
    read: async (db, account, now) => {
      const rows = await db
        .selectFrom('sign_in_history')
        .select(['at', 'method', 'outcome', 'user_agent', 'address'])
        .where('user_id', '=', account.id)
        .where('at', '>', new Date(now.getTime() - SIGN_IN_HISTORY_MS))
        .orderBy('at', 'desc')
        .execute();
      return plain(rows.map(({ user_agent, ...row }) => ({ ...row, ...described(user_agent) })));
    },
  },
  {
    key: 'passkeys',
    heading: m.myDataPasskeys,
    // Names and dates only: the credential id and the public key stay on the server.
    read: async (db, account) =>
      plain(await db.selectFrom('passkeys').select(['name', 'created_at', 'last_used_at']).where('user_id', '=', account.id).orderBy('created_at').execute()),
  },
  {
    key: 'schoolEmailList',
    heading: m.myDataSchoolEmailList,
    read: async (db, account) => {
      if (account.emails.length === 0) return [];
      const rows = await sql<Record<string, unknown>>`SELECT s.name AS school, s.chinese_name AS school_chinese_name, o.email_address, o.ch_full_name, o.en_full_name, o.remark, o.teacher_type, o.updated_at
        FROM org_accounts o JOIN schools s ON s.code = o.school_code
        WHERE o.email_address IN (${sql.join(account.emails)}) ORDER BY s.name, o.email_address`.execute(db);
      return plain(rows.rows);
    },
  },
  {
    key: 'downloads',
    heading: m.myDataDownloads,
    read: async (db, account) => plain(await db.selectFrom('data_exports').select(['last_at']).where('user_id', '=', account.id).executeTakeFirst() ?? null),
  },
];

function described(userAgent: string | null): { browser: string | null; system: string | null } {
  const { browser, system } = describeUserAgent(userAgent);
  return { browser, system };
}

export interface MyDataFile {
  fileName: string;
  bytes: Uint8Array;
}

export interface MyDataRequest {
  userId: string;
  userAgent: string | null;
  settings: { supportEmail: string; publicUrl: string };
  now: Date;
}

/**
 * Makes the account's data file, at most once in MY_DATA_INTERVAL_MS: the download is claimed by
 * one conditional upsert in the transaction that reads the data and queues the security email, so
 * of parallel requests one makes the file and the others are refused (`myDataDailyLimit`, with
 * the time it may be asked for again), and a failure leaves the claim unmade.
 */
export async function downloadMyData(db: Db, request: MyDataRequest): Promise<MyDataFile> {
  const { userId, now } = request;
  return db.transaction().execute(async (tx) => {
    const claimed = await sql<{ last_at: Date }>`INSERT INTO data_exports (user_id, last_at) VALUES (${userId}, ${now})
      ON CONFLICT (user_id) DO UPDATE SET last_at = EXCLUDED.last_at
      WHERE data_exports.last_at <= ${new Date(now.getTime() - MY_DATA_INTERVAL_MS)}
      RETURNING last_at`.execute(tx);
    if (claimed.rows.length === 0) {
      const last = await tx.selectFrom('data_exports').select('last_at').where('user_id', '=', userId).executeTakeFirstOrThrow();
      throw new DomainError('myDataDailyLimit', { holdUntil: new Date(last.last_at.getTime() + MY_DATA_INTERVAL_MS) });
    }
    const user = await tx.selectFrom('users').select(['id', 'login_id', 'login_email', 'contact_email', 'mfa_email', 'language']).where('id', '=', userId).executeTakeFirstOrThrow();
    const account: ExportAccount = { id: userId, emails: [...new Set([user.login_email, user.contact_email, user.mfa_email].filter((email): email is string => !!email))] };
    const document = await myDataDocument(tx, account, now);
    const html = await myDataPage(user.language, user.login_id, document, now);
    const { browser, system } = describeUserAgent(request.userAgent);
    await queueSecurityEmail(tx, user, 'dataDownloaded', { at: now, browser, system, ...request.settings });
    const files = { 'my-data.json': strToU8(`${JSON.stringify(document, null, 2)}\n`), 'my-data.html': strToU8(html) };
    const bytes = zipSync(files, { mtime: now });
    return { fileName: `my-data-${user.login_id}-${hkDay(now)}.zip`, bytes };
  });
}

/** The JSON file: the schema's version, when it was made, and every section by its key. */
export async function myDataDocument(db: Db, account: ExportAccount, now: Date): Promise<{ [key: string]: ExportValue }> {
  const sections: { [key: string]: ExportValue } = {};
  for (const section of MY_DATA_SECTIONS) sections[section.key] = await section.read(db, account, now);
  return { schema: MY_DATA_SCHEMA_VERSION, generatedAt: now.toISOString(), ...sections };
}

/** `20261127`: the Hong Kong day, for the file's name. */
function hkDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at).replaceAll('-', '');
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** The readable page: each section under its heading, objects as lists of names and values, lists of records as tables. */
export async function myDataPage(language: Language, loginId: string, document: { [key: string]: ExportValue }, now: Date): Promise<string> {
  const intl = await emailIntl(language);
  const none = escapeHtml(intl.formatMessage(m.myDataNone));
  const scalar = (value: ExportValue): string => {
    if (value === null || value === '') return none;
    if (typeof value === 'boolean') return escapeHtml(intl.formatMessage(value ? m.myDataYes : m.myDataNo));
    if (typeof value === 'string' && ISO_TIME.test(value)) return escapeHtml(intl.formatDate(new Date(value), { dateStyle: 'long', timeStyle: 'short' }));
    if (Array.isArray(value)) return value.length === 0 ? none : value.map((item) => render(item)).join(', ');
    return escapeHtml(String(value));
  };
  const render = (value: ExportValue): string => {
    if (Array.isArray(value) && value.length > 0 && value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) {
      const rows = value as { [key: string]: ExportValue }[];
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      const head = columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('');
      const body = rows.map((row) => `<tr>${columns.map((column) => `<td>${render(row[column] ?? null)}</td>`).join('')}</tr>`).join('');
      return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value);
      if (entries.length === 0) return none;
      return `<dl>${entries.map(([key, item]) => `<dt>${escapeHtml(key)}</dt><dd>${render(item)}</dd>`).join('')}</dl>`;
    }
    return scalar(value);
  };
  const title = escapeHtml(intl.formatMessage(m.myDataTitle));
  const intro = escapeHtml(intl.formatMessage(m.myDataIntro, { loginId, when: now }));
  const sections = MY_DATA_SECTIONS.map((section) => `<section><h2>${escapeHtml(intl.formatMessage(section.heading))}</h2>${render(document[section.key] ?? null)}</section>`).join('\n');
  const lang = { zh_hant: 'zh-Hant-HK', en: 'en', zh_hans: 'zh-Hans' }[language];
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #888;padding:.25rem .5rem;text-align:left;vertical-align:top}dt{font-weight:bold}dd{margin:0 0 .5rem 1rem}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${intro}</p>
${sections}
</main>
</body>
</html>
`;
}
