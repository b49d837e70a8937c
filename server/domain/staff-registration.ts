import type { FieldIssue } from '../../contract/errors.ts';
import { schoolNameIn, type Language, type SchoolNames } from '../../contract/languages.ts';
import type { StaffRegistrationResult } from '../../contract/schemas/staff-registration.ts';
import type { Db } from '../db/schema.ts';
import { createPendingAccount, releaseAbandonedRegistrations } from './accounts.ts';
import { domainOf, isPublicMailDomain } from './email-domains.ts';
import { DomainError } from './errors.ts';
import { indecentFields } from './indecent.ts';
import { assertHuman, type RecaptchaVerifier } from './recaptcha.ts';
import type { AccountSettings } from './settings.ts';

export interface StaffRegistrationInput {
  loginId: string;
  /** Lower-cased by the contract schema. */
  email: string;
  enFullName: string;
  chFullName: string;
  recaptcha: string;
  lang: Language;
}

/** The code a refusal answers with: the first problem's, in the form's order; `fields` names them all. */
function refusalCode(first: FieldIssue): 'loginIdTaken' | 'emailTaken' | 'staffEmailDomainNotAccepted' | 'indecentLanguage' {
  if (first.rule === 'taken') return first.field === 'loginId' ? 'loginIdTaken' : 'emailTaken';
  return first.rule === 'schoolDomain' ? 'staffEmailDomainNotAccepted' : 'indecentLanguage';
}

/**
 * The school whose teacher email domains hold the email's domain: one at most, since a domain
 * belongs to one school (a unique index, issue 21). A public mail service's domain names no school
 * even if a school listed it before that rule: anyone can have an address there.
 */
async function schoolOfEmail(db: Db, email: string): Promise<({ code: string } & SchoolNames) | null> {
  const domain = domainOf(email);
  if (isPublicMailDomain(domain)) return null;
  const row = await db
    .selectFrom('school_email_domains as d')
    .innerJoin('schools as s', 's.code', 'd.school_code')
    .select(['s.code', 's.name', 's.chinese_name'])
    .where('d.domain', '=', domain)
    .executeTakeFirst();
  return row ? { code: row.code, name: row.name, chineseName: row.chinese_name ?? null } : null;
}

/**
 * Staff registration (/edb/register): after the robot check, every problem with the form is found
 * and answered together (taken login ID, taken email, a domain no school lists, indecent names);
 * then a pending SCHOOL_BASED_TEACHER account of that school, its `school_staff` record, its
 * activation link and the email carrying it are written in one transaction. Following the link
 * (the ordinary activation) sets the password and makes the account active.
 */
export async function registerStaff(
  db: Db,
  input: StaffRegistrationInput,
  verifyRecaptcha: RecaptchaVerifier,
  settings: AccountSettings,
  now: Date,
): Promise<StaffRegistrationResult> {
  await assertHuman(verifyRecaptcha, input.recaptcha);
  // An abandoned registration (its links all expired unused) gives its login ID and email back first.
  await releaseAbandonedRegistrations(db, input, now);
  const [school, taken] = await Promise.all([
    schoolOfEmail(db, input.email),
    db
      .selectFrom('users')
      .select(['login_id', 'login_email'])
      .where((eb) => eb.or([eb('login_id', '=', input.loginId), eb('login_email', '=', input.email)]))
      .execute(),
  ]);
  const fields: FieldIssue[] = [];
  if (taken.some((row) => row.login_id === input.loginId)) fields.push({ field: 'loginId', rule: 'taken' });
  if (taken.some((row) => row.login_email === input.email)) fields.push({ field: 'email', rule: 'taken' });
  else if (!school) fields.push({ field: 'email', rule: 'schoolDomain' });
  fields.push(...indecentFields({ enFullName: input.enFullName, chFullName: input.chFullName }));
  const first = fields[0];
  if (first || !school) throw new DomainError(first ? refusalCode(first) : 'staffEmailDomainNotAccepted', { fields });

  await createPendingAccount(
    db,
    {
      loginId: input.loginId,
      email: input.email,
      displayName: input.enFullName,
      category: 'SCHOOL_BASED_TEACHER',
      language: input.lang,
      schoolCode: school.code,
    },
    settings,
    now,
    async (tx, userId) => {
      await tx
        .insertInto('school_staff')
        .values({ user_id: userId, school_code: school.code, school_email: input.email, ch_full_name: input.chFullName, en_full_name: input.enFullName, updated_at: now })
        .execute();
    },
  );
  // In the form's language, as the page that shows it.
  return { email: input.email, schoolName: schoolNameIn(input.lang, school) };
}
