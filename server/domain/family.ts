import { randomUUID } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type * as v from 'valibot';
import {
  FAMILY_CAPACITY,
  FAMILY_INVITES_PER_DAY,
  FAMILY_ROLES,
  type ErrorCode,
  type FamilyCreated,
  type FamilyCurrentPage,
  type FamilyDetails,
  type FamilyHold,
  type FamilyMemberStatus,
  type FamilyOwnRequest,
  type FamilyRequests,
  type FamilyRoles,
} from '../../contract/index.ts';
import type { CreateFamilyRequestSchema, HandleRequestSchema, InviteRequestSchema, JoinFamilyRequestSchema, UpdateFamilyInfoRequestSchema } from '../../contract/schemas/family.ts';
import type { DB, Db, FamiliesTable, FamilyMemberRowStatus, FamilyMembersTable } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { recipientLanguage } from './recipient-language.ts';
import { renderFamilyInvitation } from '../mail/templates.ts';
import { DomainError, uniqueViolation } from './errors.ts';
import { familyJoinLink } from './email-links.ts';
import { codesMatch, freshFamilyCode, newFamilyRef } from './family-codes.ts';
import { familyError } from './family-errors.ts';
import { assertFamilyPermission, type FamilyActor } from './family-permission.ts';
import { type HoldKey, clearAttempts, countUse, currentHold, recordFailure, reserveAttempt } from './holds.ts';
import { assertDecent } from './indecent.ts';
import { type RecaptchaVerifier, assertHuman } from './recaptcha.ts';

export { familyPermission, type FamilyActor } from './family-permission.ts';

type Tx = Transaction<DB>;
type FamilyRow = FamiliesTable;
type MemberRow = Selectable<FamilyMembersTable>;

/** The hold kind of join attempts; the subject is the user. */
export const FAMILY_JOIN_HOLD_KIND = 'family-join';

/** A person's current standing: at most one row per person has one of these (one family per account). */
const CURRENT_STATUSES = ['pending', 'active', 'declined', 'kicked', 'dismissed'] as const satisfies readonly FamilyMemberRowStatus[];
const ONE_FAMILY_INDEX = 'family_members_one_family_idx';

function joinHoldKey(userId: string): HoldKey {
  return { subject: userId, kind: FAMILY_JOIN_HOLD_KIND };
}

// ---- Reading rows --------------------------------------------------------------------------

/** The person's one current row, if any. */
async function currentRow(db: Db, userId: string, lock = false): Promise<MemberRow | undefined> {
  let query = db.selectFrom('family_members').selectAll().where('user_id', '=', userId).where('status', 'in', CURRENT_STATUSES);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The person's row in this family: the current one, else the most recently closed one. */
async function ownRowIn(tx: Tx, familyId: string, userId: string): Promise<MemberRow | undefined> {
  return tx
    .selectFrom('family_members')
    .selectAll()
    .where('family_id', '=', familyId)
    .where('user_id', '=', userId)
    .orderBy((eb) => eb.case().when('status', 'in', CURRENT_STATUSES).then(0).else(1).end())
    .orderBy('closed_at', (ob) => ob.desc().nullsFirst())
    .orderBy('seq', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** Takes the family's row lock: every change to a family and its members goes through it. */
async function lockFamily(tx: Tx, familyId: string): Promise<FamilyRow> {
  const family = await tx.selectFrom('families').selectAll().where('id', '=', familyId).forUpdate().executeTakeFirst();
  if (!family) throw familyError('familyNotFound');
  return family;
}

async function lockMember(tx: Tx, familyId: string, memberId: string): Promise<MemberRow | undefined> {
  return tx.selectFrom('family_members').selectAll().where('id', '=', memberId).where('family_id', '=', familyId).forUpdate().executeTakeFirst();
}

async function countMembers(tx: Tx, familyId: string, adminsOnly = false): Promise<number> {
  let query = tx
    .selectFrom('family_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('family_id', '=', familyId)
    .where('status', '=', 'active');
  if (adminsOnly) query = query.where('is_admin', '=', true);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Why a person with this row cannot act in the family; null when they are an active member. */
function membershipRefusal(family: FamilyRow, row: MemberRow | undefined): ErrorCode | null {
  if (!row) return 'familyNotMember';
  if (family.dismissed_at || row.status === 'dismissed') return 'familyDismissed';
  if (row.status === 'active') return null;
  if (row.status === 'kicked') return 'familyKicked';
  if (row.status === 'left') return 'familyLeft';
  return 'familyNotMember';
}

async function requireActiveMember(tx: Tx, family: FamilyRow, userId: string): Promise<MemberRow> {
  const row = await ownRowIn(tx, family.id, userId);
  const refusal = membershipRefusal(family, row);
  if (refusal || !row) throw familyError(refusal ?? 'familyNotMember');
  return row;
}

function requireAdmin(row: MemberRow): void {
  if (!row.is_admin) throw familyError(row.admin_revoked_at ? 'familyNoLongerAdmin' : 'familyNotAdmin');
}

/** Dismisses the family: every pending request and every other member sees the dismissed notice. */
async function markDismissed(tx: Tx, familyId: string, exceptMemberId: string, now: Date): Promise<void> {
  await tx.updateTable('families').set({ dismissed_at: now }).where('id', '=', familyId).execute();
  await tx
    .updateTable('family_members')
    .set({ status: 'dismissed', processed_at: now })
    .where('family_id', '=', familyId)
    .where('status', 'in', ['pending', 'active'])
    .where('id', '!=', exceptMemberId)
    .execute();
}

async function closeRow(tx: Tx, memberId: string, status: 'left' | 'withdrawn' | 'acknowledged', now: Date): Promise<void> {
  await tx.updateTable('family_members').set({ status, is_admin: false, closed_at: now }).where('id', '=', memberId).execute();
}

const iso = (date: Date) => date.toISOString();

// ---- Reads ---------------------------------------------------------------------------------

export function familyRoles(): FamilyRoles {
  return { userFamilyRoles: [...FAMILY_ROLES] };
}

/** home: no family and no request; details: a member of a live family; pending: any notice or request. */
export async function familyCurrentPage(db: Db, actor: FamilyActor): Promise<FamilyCurrentPage> {
  assertFamilyPermission(actor);
  const row = await currentRow(db, actor.userId);
  if (!row) return { page: 'home' };
  return { page: row.status === 'active' ? 'details' : 'pending' };
}

export async function familyHold(db: Db, userId: string, now: Date): Promise<FamilyHold> {
  const until = await currentHold(db, joinHoldKey(userId), now);
  return { held: until !== null, holdUntil: until ? iso(until) : null };
}

/** The caller's family with its active members; the code and its dates only for admins. */
export async function familyDetails(db: Db, actor: FamilyActor): Promise<FamilyDetails> {
  assertFamilyPermission(actor);
  const own = await currentRow(db, actor.userId);
  if (!own) throw familyError('familyNotMember');
  const family = await db.selectFrom('families').selectAll().where('id', '=', own.family_id).executeTakeFirstOrThrow();
  const refusal = membershipRefusal(family, own);
  if (refusal) throw familyError(refusal);
  const members = await db
    .selectFrom('family_members')
    .selectAll()
    .where('family_id', '=', family.id)
    .where('status', '=', 'active')
    .orderBy('processed_at')
    .orderBy('seq')
    .execute();
  const admin = own.is_admin;
  return {
    familyId: family.id,
    familyName: family.name,
    familyRef: family.ref,
    code: admin ? family.code : null,
    codeCreatedAt: admin ? iso(family.code_created_at) : null,
    codeExpiresAt: admin ? iso(family.code_expires_at) : null,
    members: members.map((member) => ({
      memberId: member.id,
      nickname: member.nickname,
      familyRole: member.family_role,
      isAdmin: member.is_admin,
      status: 'active' as const,
      isCurrentUser: member.user_id === actor.userId,
    })),
  };
}

/** Pending requests of the caller's family (admins only; [] otherwise) and the caller's own request. */
export async function familyRequests(db: Db, actor: FamilyActor): Promise<FamilyRequests> {
  assertFamilyPermission(actor);
  const own = await currentRow(db, actor.userId);
  if (!own) return { requests: [], ownRequest: null };
  const family = await db.selectFrom('families').select('name').where('id', '=', own.family_id).executeTakeFirstOrThrow();
  const ownRequest: FamilyOwnRequest = { status: own.status as FamilyMemberStatus, familyId: own.family_id, memberId: own.id, familyName: family.name };
  if (own.status !== 'active' || !own.is_admin) return { requests: [], ownRequest };
  const rows = await db
    .selectFrom('family_members')
    .selectAll()
    .where('family_id', '=', own.family_id)
    .where('status', '=', 'pending')
    .orderBy('requested_at')
    .orderBy('seq')
    .execute();
  return {
    requests: rows.map((row) => ({
      memberId: row.id,
      nickname: row.nickname,
      familyRole: row.family_role,
      status: 'pending' as const,
      requestedAt: iso(row.requested_at),
    })),
    ownRequest,
  };
}

// ---- Create and join -----------------------------------------------------------------------

export type CreateFamilyInput = v.InferOutput<typeof CreateFamilyRequestSchema>;

const REF_ATTEMPTS = 5;

/** A new family with the caller as its admin and a fresh code. */
export async function createFamily(
  db: Db,
  actor: FamilyActor,
  input: CreateFamilyInput,
  verifyRecaptcha: RecaptchaVerifier,
  now: Date,
): Promise<FamilyCreated> {
  assertFamilyPermission(actor);
  await assertHuman(verifyRecaptcha, input.recaptcha);
  assertDecent({ familyName: input.familyName, nickname: input.nickname });
  if (await currentRow(db, actor.userId)) throw familyError('familyCannotCreateOrJoin');

  const code = freshFamilyCode(now);
  try {
    return await db.transaction().execute(async (tx) => {
      const familyId = randomUUID();
      let ref: string | null = null;
      for (let i = 0; i < REF_ATTEMPTS && ref === null; i++) {
        const candidate = newFamilyRef();
        const inserted = await tx
          .insertInto('families')
          .values({
            id: familyId,
            name: input.familyName,
            ref: candidate,
            code: code.code,
            code_created_at: code.createdAt,
            code_expires_at: code.expiresAt,
            created_at: now,
            dismissed_at: null,
          })
          .onConflict((oc) => oc.column('ref').doNothing())
          .returning('id')
          .execute();
        if (inserted.length > 0) ref = candidate;
      }
      if (ref === null) throw new Error('no free family reference after several tries');
      await tx
        .insertInto('family_members')
        .values({
          id: randomUUID(),
          family_id: familyId,
          user_id: actor.userId,
          nickname: input.nickname,
          family_role: input.role,
          is_admin: true,
          status: 'active',
          requested_at: now,
          processed_at: now,
          admin_revoked_at: null,
          closed_at: null,
        })
        .execute();
      return { familyId, familyRef: ref, code: code.code, codeCreatedAt: iso(code.createdAt), codeExpiresAt: iso(code.expiresAt) };
    });
  } catch (error) {
    // Two creates (or a create and a join) of one person at once: the one-family index decides.
    if (uniqueViolation(error) === ONE_FAMILY_INDEX) throw familyError('familyCannotCreateOrJoin');
    throw error;
  }
}

export type JoinFamilyInput = v.InferOutput<typeof JoinFamilyRequestSchema>;

type JoinVerdict = { kind: 'requested' } | { kind: 'wrong'; code: ErrorCode };

/**
 * A join request. Each attempt is reserved in the holds before the reference, admin email and
 * code are looked at, so parallel guesses cannot slip past the limit; a wrong or expired one is
 * recorded as a failure (the 6th in 24 hours holds the user), a right one clears the count.
 */
export async function requestToJoin(
  db: Db,
  actor: FamilyActor,
  input: JoinFamilyInput,
  verifyRecaptcha: RecaptchaVerifier,
  now: Date,
): Promise<{ status: 'pending' }> {
  assertFamilyPermission(actor);
  await assertHuman(verifyRecaptcha, input.recaptcha);
  assertDecent({ nickname: input.nickname });
  if (await currentRow(db, actor.userId)) throw familyError('familyCannotCreateOrJoin');

  const key = joinHoldKey(actor.userId);
  const attempt = await reserveAttempt(db, key, now);
  let credentialsRight = false;
  let verdict: JoinVerdict;
  try {
    verdict = await db.transaction().execute(async (tx): Promise<JoinVerdict> => {
      const family = await tx.selectFrom('families').selectAll().where('ref', '=', input.familyRef).forUpdate().executeTakeFirst();
      if (!family || family.dismissed_at) return { kind: 'wrong', code: 'familyNotFound' };
      const admin = await tx
        .selectFrom('family_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('m.id')
        .where('m.family_id', '=', family.id)
        .where('m.status', '=', 'active')
        .where('m.is_admin', '=', true)
        .where('u.login_email', '=', input.adminEmail)
        .executeTakeFirst();
      if (!admin) return { kind: 'wrong', code: 'familyAdminEmailNotFound' };
      if (!codesMatch(family.code, input.code)) return { kind: 'wrong', code: 'familyCodeMismatch' };
      if (family.code_expires_at.getTime() <= now.getTime()) return { kind: 'wrong', code: 'familyCodeExpired' };
      credentialsRight = true;
      if ((await countMembers(tx, family.id)) >= FAMILY_CAPACITY) throw familyError('familyFull');
      await tx
        .insertInto('family_members')
        .values({
          id: randomUUID(),
          family_id: family.id,
          user_id: actor.userId,
          nickname: input.nickname,
          family_role: input.role,
          is_admin: false,
          status: 'pending',
          requested_at: now,
          processed_at: null,
          admin_revoked_at: null,
          closed_at: null,
        })
        .execute();
      return { kind: 'requested' };
    });
  } catch (error) {
    if (credentialsRight) await clearAttempts(db, key);
    if (uniqueViolation(error) === ONE_FAMILY_INDEX) throw familyError('familyCannotCreateOrJoin');
    throw error;
  }
  if (verdict.kind === 'wrong') {
    try {
      await recordFailure(db, key, attempt, now, verdict.code);
    } catch (error) {
      throw error instanceof DomainError && error.code === verdict.code ? familyError(verdict.code) : error;
    }
  }
  await clearAttempts(db, key);
  return { status: 'pending' };
}

// ---- Handling requests and members ---------------------------------------------------------

export type HandleRequestInput = Omit<v.InferOutput<typeof HandleRequestSchema>, 'lang'>;

const CLOSED_STATUSES: readonly FamilyMemberRowStatus[] = ['left', 'withdrawn', 'acknowledged'];

/** One action of SPEC §7 `handle-request`: an admin's on a request or member, or the requester's own. */
export async function handleFamilyRequest(db: Db, actor: FamilyActor, input: HandleRequestInput, now: Date): Promise<void> {
  assertFamilyPermission(actor);
  await db.transaction().execute(async (tx) => {
    const family = await lockFamily(tx, input.familyId);
    if (input.actions === 'WITHDRAW' || input.actions === 'ACKNOWLEDGE') {
      await ownRequestAction(tx, family, actor, input.memberId, input.actions, now);
      return;
    }
    const me = await requireActiveMember(tx, family, actor.userId);
    requireAdmin(me);
    const target = await lockMember(tx, family.id, input.memberId);
    switch (input.actions) {
      case 'ACCEPT':
      case 'ACCEPT_AND_GRANT_ADMIN':
      case 'DECLINE': {
        if (!target || CLOSED_STATUSES.includes(target.status)) throw familyError('familyRequestNotFound');
        if (target.status !== 'pending') throw familyError('familyAlreadyProcessed');
        if (input.actions === 'DECLINE') {
          await tx.updateTable('family_members').set({ status: 'declined', processed_at: now }).where('id', '=', target.id).execute();
          return;
        }
        if ((await countMembers(tx, family.id)) >= FAMILY_CAPACITY) throw familyError('familyFull');
        await tx
          .updateTable('family_members')
          .set({ status: 'active', processed_at: now, is_admin: input.actions === 'ACCEPT_AND_GRANT_ADMIN' })
          .where('id', '=', target.id)
          .execute();
        return;
      }
      case 'KICK': {
        if (target?.status === 'kicked') throw familyError('familyAlreadyProcessed');
        if (!target || target.status !== 'active') throw familyError('familyMemberNotFound');
        if (target.id === me.id) throw new DomainError('forbidden', { message: 'Admins leave a family with leave-family, not by kicking themselves.' });
        await tx
          .updateTable('family_members')
          .set({ status: 'kicked', is_admin: false, processed_at: now })
          .where('id', '=', target.id)
          .execute();
        return;
      }
      case 'GRANT_ADMIN': {
        if (!target || target.status !== 'active') throw familyError('familyMemberNotFound');
        if (target.is_admin) throw familyError('familyAlreadyAdmin');
        await tx.updateTable('family_members').set({ is_admin: true, admin_revoked_at: null }).where('id', '=', target.id).execute();
        return;
      }
      case 'REMOVE_ADMIN': {
        if (!target || target.status !== 'active') throw familyError('familyMemberNotFound');
        if (!target.is_admin) throw familyError('familyMemberNotAdmin');
        // The actor is an admin too, so one admin means the actor is demoting themselves.
        if ((await countMembers(tx, family.id, true)) <= 1) throw familyError('familySingleAdmin');
        await tx.updateTable('family_members').set({ is_admin: false, admin_revoked_at: now }).where('id', '=', target.id).execute();
        return;
      }
    }
  });
}

/** WITHDRAW a pending or declined request; ACKNOWLEDGE a declined, kicked or dismissed notice. */
async function ownRequestAction(
  tx: Tx,
  family: FamilyRow,
  actor: FamilyActor,
  memberId: string,
  action: 'WITHDRAW' | 'ACKNOWLEDGE',
  now: Date,
): Promise<void> {
  const row = await lockMember(tx, family.id, memberId);
  if (!row || row.user_id !== actor.userId || CLOSED_STATUSES.includes(row.status)) throw familyError('familyRequestNotFound');
  if (action === 'WITHDRAW') {
    if (family.dismissed_at || row.status === 'dismissed') throw familyError('familyDismissed');
    if (row.status === 'active' || row.status === 'kicked') throw familyError('familyCannotWithdrawProcessed');
    await closeRow(tx, row.id, 'withdrawn', now);
    return;
  }
  if (row.status === 'declined' || row.status === 'kicked' || row.status === 'dismissed') {
    await closeRow(tx, row.id, 'acknowledged', now);
    return;
  }
  throw familyError('familyRequestNotFound', { message: 'There is no notice to acknowledge.' });
}

// ---- The family itself ---------------------------------------------------------------------

export async function regenerateFamilyCode(
  db: Db,
  actor: FamilyActor,
  familyId: string,
  now: Date,
): Promise<{ code: string; codeCreatedAt: string; codeExpiresAt: string }> {
  assertFamilyPermission(actor);
  return db.transaction().execute(async (tx) => {
    const family = await lockFamily(tx, familyId);
    requireAdmin(await requireActiveMember(tx, family, actor.userId));
    const code = freshFamilyCode(now);
    await tx
      .updateTable('families')
      .set({ code: code.code, code_created_at: code.createdAt, code_expires_at: code.expiresAt })
      .where('id', '=', family.id)
      .execute();
    return { code: code.code, codeCreatedAt: iso(code.createdAt), codeExpiresAt: iso(code.expiresAt) };
  });
}

/**
 * Leaves the family. The only admin cannot leave while other members remain; the last member
 * leaving ends the family (pending requests see it dismissed). Leaving a dismissed family is how
 * its notice is closed.
 */
export async function leaveFamily(db: Db, actor: FamilyActor, familyId: string, now: Date): Promise<void> {
  assertFamilyPermission(actor);
  await db.transaction().execute(async (tx) => {
    const family = await lockFamily(tx, familyId);
    const row = await ownRowIn(tx, family.id, actor.userId);
    if (row?.status === 'dismissed') {
      await closeRow(tx, row.id, 'left', now);
      return;
    }
    const refusal = membershipRefusal(family, row);
    if (refusal || !row) throw familyError(refusal ?? 'familyNotMember');
    const members = await countMembers(tx, family.id);
    if (row.is_admin && members > 1 && (await countMembers(tx, family.id, true)) === 1) throw familyError('familySingleAdmin');
    if (members === 1) await markDismissed(tx, family.id, row.id, now);
    await closeRow(tx, row.id, 'left', now);
  });
}

/** Dismisses the family; refused while another admin exists. */
export async function dismissFamily(db: Db, actor: FamilyActor, familyId: string, now: Date): Promise<void> {
  assertFamilyPermission(actor);
  await db.transaction().execute(async (tx) => {
    const family = await lockFamily(tx, familyId);
    const me = await requireActiveMember(tx, family, actor.userId);
    requireAdmin(me);
    if ((await countMembers(tx, family.id, true)) > 1) throw familyError('familyMultipleAdmin');
    await markDismissed(tx, family.id, me.id, now);
    await closeRow(tx, me.id, 'left', now);
  });
}

/** `familyName` renames the family; admins only. */
export type UpdateFamilyInfoInput = Omit<v.InferOutput<typeof UpdateFamilyInfoRequestSchema>, 'lang'>;

/** The caller's own nickname and role, and (admins) the family name. */
export async function updateFamilyInfo(db: Db, actor: FamilyActor, input: UpdateFamilyInfoInput): Promise<void> {
  assertFamilyPermission(actor);
  assertDecent({ nickname: input.nickname, familyName: input.familyName });
  await db.transaction().execute(async (tx) => {
    const family = await lockFamily(tx, input.familyId);
    const me = await requireActiveMember(tx, family, actor.userId);
    if (input.familyName !== undefined) {
      requireAdmin(me);
      await tx.updateTable('families').set({ name: input.familyName }).where('id', '=', family.id).execute();
    }
    await tx.updateTable('family_members').set({ nickname: input.nickname, family_role: input.familyRole }).where('id', '=', me.id).execute();
  });
}

export type InviteInput = v.InferOutput<typeof InviteRequestSchema>;

export interface InviteSettings {
  publicUrl: string;
  supportEmail: string;
}

/** Emails the join link through the outbox; refused while the code is expired or the family full. */
export async function inviteToFamily(db: Db, actor: FamilyActor, input: InviteInput, settings: InviteSettings, now: Date): Promise<void> {
  assertFamilyPermission(actor);
  const adminEmail = actor.loginEmail;
  if (!adminEmail) throw familyError('familyNoLoginEmail');
  await db.transaction().execute(async (tx) => {
    const family = await lockFamily(tx, input.familyId);
    const me = await requireActiveMember(tx, family, actor.userId);
    requireAdmin(me);
    if (family.code_expires_at.getTime() <= now.getTime()) throw familyError('familyCodeExpired');
    if ((await countMembers(tx, family.id)) >= FAMILY_CAPACITY) throw familyError('familyFull');
    // Each invitation emails an address the admin typed: FAMILY_INVITES_PER_DAY per admin.
    await countUse(tx, { subject: actor.userId, kind: 'family_invite' }, now, FAMILY_INVITES_PER_DAY).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'held' ? familyError('familyInviteLimit', { holdUntil: error.holdUntil }) : error;
    });
    // An account's language when the address signs in to one, else the admin's page language (recipient-language.ts).
    const language = await recipientLanguage(tx, input.email, input.lang);
    const email = await renderFamilyInvitation(language, {
      to: input.email,
      inviterName: me.nickname,
      familyName: family.name,
      link: familyJoinLink(settings.publicUrl, language, { familyRef: family.ref, code: family.code, adminEmail }),
      familyRef: family.ref,
      code: family.code,
      adminEmail,
      expiresAt: family.code_expires_at,
      supportEmail: settings.supportEmail,
    });
    await enqueueEmail(tx, { to: input.email, ...email }, now);
  });
}
