import type * as v from 'valibot';
import {
  SELF_CLAIMED_ROLES,
  type BasicProfile,
  type BasicProfileSaveResult,
  type FieldIssue,
  type ProfileCheckRequestSchema,
  type ProfileData,
} from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import { DomainError, uniqueViolation } from './errors.ts';
import { assertDecent, indecentFields } from './indecent.ts';
import { thirdPartyLinksOf } from './identities.ts';
import { nameKey } from './name-key.ts';
import { nicknameTaken } from './nickname.ts';
import { type ProfileActor, pendingEmail, schoolOf } from './profile-reads.ts';
import {
  type SubscriptionSettings,
  expireProfileSubscriptions,
  normalServices,
  pendingProfileSubscription,
  requestProfileSubscriptionChange,
} from './email-subscriptions.ts';

/**
 * Body keys that name school information. Nobody edits it on the profile (SPEC §6: students cannot
 * edit school information; for other accounts the school administrator sets it, and the email
 * domains), so a body carrying one is refused as a whole rather than silently stripped.
 */
const SCHOOL_KEY = /^(school|class|emailDomains?$)/i;

export function assertNoSchoolFields(body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const keys = Object.keys(body).filter((key) => SCHOOL_KEY.test(key));
  if (keys.length > 0) {
    throw new DomainError('schoolInfoReadOnly', {
      fields: keys.map((field) => ({ field, rule: 'format' as const })),
      message: 'School information cannot be edited here.',
    });
  }
}

const SCHOOL_READ_ONLY_CATEGORIES = new Set(['STUDENT', 'STUDENT_MEMBER']);

/** The personal profile's own columns (SPEC §5): the profile page's and the data download's. */
export const PERSONAL_PROFILE_COLUMNS = [
  'title',
  'chinese_surname',
  'chinese_given_name',
  'english_surname',
  'english_given_name',
  'nickname',
  'gender',
  'year_of_birth',
  'roles',
  'region',
  'district',
  'address_line1_zh',
  'address_line2_zh',
  'address_line1_en',
  'address_line2_en',
] as const;

const PROFILE_COLUMNS = [
  'id',
  'login_id',
  'login_email',
  'contact_email',
  'category',
  'display_name',
  'school_code',
  'language',
  'subscriptions',
  ...PERSONAL_PROFILE_COLUMNS,
  'mobile_country_code',
  'mobile_number',
  'mobile_verified_at',
] as const;

type ProfileRow = Awaited<ReturnType<typeof selectProfileRow>>;

function selectProfileRow(db: Db, userId: string) {
  return db.selectFrom('users').select(PROFILE_COLUMNS).where('id', '=', userId).executeTakeFirstOrThrow();
}

function basicValues(row: ProfileRow): BasicProfile {
  return {
    title: (row.title ?? '') as BasicProfile['title'],
    chineseSurname: row.chinese_surname,
    chineseGivenName: row.chinese_given_name,
    englishSurname: row.english_surname,
    englishGivenName: row.english_given_name,
    nickname: row.nickname ?? '',
    gender: (row.gender ?? '') as BasicProfile['gender'],
    yearOfBirth: row.year_of_birth === null ? '' : String(row.year_of_birth),
    roles: SELF_CLAIMED_ROLES.filter((role) => row.roles.includes(role)),
    region: (row.region ?? '') as BasicProfile['region'],
    district: (row.district ?? '') as BasicProfile['district'],
    addressLine1Zh: row.address_line1_zh,
    addressLine2Zh: row.address_line2_zh,
    addressLine1En: row.address_line1_en,
    addressLine2En: row.address_line2_en,
    subscriptions: normalServices(row.subscriptions),
  };
}

/** GET /api/profile */
export async function readProfile(db: Db, actor: ProfileActor, now: Date): Promise<ProfileData> {
  const row = await selectProfileRow(db, actor.id);
  const [pendingLoginEmail, pendingContactEmail, pendingSubscription, school] = await Promise.all([
    pendingEmail(db, actor.id, 'login', now),
    pendingEmail(db, actor.id, 'contact', now),
    pendingProfileSubscription(db, actor.id, now),
    schoolOf(db, row.school_code),
  ]);
  return {
    loginId: row.login_id,
    displayName: row.display_name,
    category: row.category,
    loginEmail: row.login_email,
    pendingLoginEmail,
    contactEmail: row.contact_email,
    pendingContactEmail,
    mobile:
      row.mobile_country_code && row.mobile_number
        ? { countryCode: row.mobile_country_code, mobile: row.mobile_number, verified: row.mobile_verified_at !== null }
        : null,
    values: basicValues(row),
    pendingSubscriptions: pendingSubscription?.services ?? null,
    thirdPartyLinks: await thirdPartyLinksOf(db, row.id),
    school,
    schoolReadOnly: school !== null && SCHOOL_READ_ONLY_CATEGORIES.has(row.category),
  };
}

/** The free-text fields of the basic profile that the indecent-language check reads. */
function basicTexts(values: BasicProfile): Record<string, string> {
  return {
    chineseSurname: values.chineseSurname,
    chineseGivenName: values.chineseGivenName,
    englishSurname: values.englishSurname,
    englishGivenName: values.englishGivenName,
    nickname: values.nickname,
    addressLine1Zh: values.addressLine1Zh,
    addressLine2Zh: values.addressLine2Zh,
    addressLine1En: values.addressLine1En,
    addressLine2En: values.addressLine2En,
  };
}

const nicknameTakenError = () =>
  new DomainError('nicknameTaken', { fields: [{ field: 'nickname', rule: 'taken' }], message: 'This nickname is already used by another account.' });

/**
 * PUT /api/profile/basic. Stores the fields in one UPDATE (a nickname held by another account,
 * ignoring case, is refused by the unique index, so of two parallel saves one wins). A changed
 * subscription set is not applied: it waits for its emailed link (subscriptions.ts).
 */
export async function saveBasicProfile(
  db: Db,
  actor: ProfileActor,
  input: BasicProfile,
  settings: SubscriptionSettings,
  now: Date,
): Promise<BasicProfileSaveResult> {
  assertDecent(basicTexts(input));
  const nickname = input.nickname === '' ? null : input.nickname;
  try {
    return await db.transaction().execute(async (tx) => {
      const current = await tx
        .selectFrom('users')
        .select(['subscriptions', 'contact_email', 'login_email', 'login_id', 'display_name', 'language'])
        .where('id', '=', actor.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const updated = await tx
        .updateTable('users')
        .set({
          title: input.title === '' ? null : input.title,
          chinese_surname: input.chineseSurname,
          chinese_given_name: input.chineseGivenName,
          english_surname: input.englishSurname,
          english_given_name: input.englishGivenName,
          nickname,
          nickname_key: nickname === null ? null : nameKey(nickname),
          // The header shows display_name: a nickname replaces it; clearing the nickname keeps it.
          ...(nickname !== null ? { display_name: nickname } : {}),
          gender: input.gender === '' ? null : input.gender,
          year_of_birth: input.yearOfBirth === '' ? null : Number(input.yearOfBirth),
          roles: SELF_CLAIMED_ROLES.filter((role) => input.roles.includes(role)),
          region: input.region === '' ? null : input.region,
          // Districts are Hong Kong's: another region clears it (docs/decisions/profile-server.md).
          district: input.region === 'HONGKONG' && input.district !== '' ? input.district : null,
          address_line1_zh: input.addressLine1Zh,
          address_line2_zh: input.addressLine2Zh,
          address_line1_en: input.addressLine1En,
          address_line2_en: input.addressLine2En,
        })
        .where('id', '=', actor.id)
        .returning(PROFILE_COLUMNS)
        .executeTakeFirstOrThrow();

      const wanted = normalServices(input.subscriptions);
      let pending: { services: typeof wanted; email: string } | null = null;
      if (wanted.join() === normalServices(current.subscriptions).join()) {
        // Asking for what is in force withdraws a waiting change.
        await expireProfileSubscriptions(tx, actor.id, now);
      } else {
        const email = current.contact_email ?? current.login_email;
        if (!email) throw new DomainError('accountHasNoEmail', { fields: [{ field: 'subscriptions', rule: 'required' }] });
        pending = await requestProfileSubscriptionChange(
          tx,
          { userId: actor.id, loginId: current.login_id, displayName: updated.display_name, email, language: current.language },
          wanted,
          settings,
          now,
        );
      }
      return {
        values: basicValues(updated),
        displayName: updated.display_name,
        pendingSubscriptions: pending?.services ?? null,
        confirmationEmail: pending?.email ?? null,
      };
    });
  } catch (error) {
    const index = uniqueViolation(error);
    if (index === 'users_nickname_key' || index === 'users_nickname_look_alike_key') throw nicknameTakenError();
    throw error;
  }
}

/**
 * POST /api/profile/check: the checks a schema cannot make, as data (an empty list when fine):
 * indecent words, a nickname another account holds. The teacher form's check is
 * `checkTeacherProfile` (role-profiles.ts).
 */
export async function checkProfile(db: Db, actor: ProfileActor, request: v.InferOutput<typeof ProfileCheckRequestSchema>): Promise<FieldIssue[]> {
  switch (request.form) {
    case 'basic': {
      const values = request.values;
      const issues = indecentFields(basicTexts(values));
      const nickname = values.nickname.trim();
      if (nickname !== '' && !issues.some((issue) => issue.field === 'nickname') && (await nicknameTaken(db, nickname, actor.id))) {
        issues.push({ field: 'nickname', rule: 'taken' });
      }
      return issues;
    }
    case 'schoolStaff':
      return indecentFields({ chFullName: request.values.chFullName, enFullName: request.values.enFullName });
  }
}
