import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { User } from '../../contract/index.ts';
import type { LoginQrCodeState } from '../../contract/schemas/login-qr.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import { permissionsFor } from './permissions.ts';
import { createSession } from './sessions.ts';
import { recordRefusedSignIn, recordSuccessfulSignIn, type SignInClient } from './sign-in-history.ts';
import { hmacSha256, sameSecret, sha256 } from './tokens.ts';
import { ACCOUNT_COLUMNS, type AccountRow, toUser } from './users.ts';

/** How long a login QR code works: a school year and its holidays (docs/decisions/login-qr.md). */
export const LOGIN_QR_VALIDITY_MS = 365 * 24 * 60 * 60_000;

/** What every login QR code's text starts with; a code without it was never ours. */
export const LOGIN_QR_PREFIX = 'PORTALQR1';

/** `PORTALQR1.<code id: 16 random bytes>.<secret: HMAC-SHA256 of the id>`, both base64url. */
const QR_TEXT = /^PORTALQR1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The account the QR code pages act for. */
export type QrActor = Pick<AccountRow, 'id' | 'login_id' | 'display_name' | 'category' | 'allow_qr_login'>;

/**
 * The secret of a code: derived from its random id with the session secret, so the owner's page
 * can draw the current code again while the table, which holds only the id and the secret's
 * SHA-256, cannot be turned back into a code.
 */
function secretOf(sessionSecret: string, codeId: string): string {
  return hmacSha256(sessionSecret, `login-qr:${codeId}`);
}

function qrText(sessionSecret: string, codeId: string): string {
  return `${LOGIN_QR_PREFIX}.${codeId}.${secretOf(sessionSecret, codeId)}`;
}


/** SPEC §6: only accounts with the `loginQrCode` permission (students of schools allowing QR login) have a code. */
export function assertQrPermission(actor: Pick<AccountRow, 'category' | 'allow_qr_login'>): void {
  if (!permissionsFor(actor.category, { schoolAllowsQrLogin: actor.allow_qr_login }).includes('loginQrCode')) {
    throw new DomainError('forbidden');
  }
}

interface CodeRow {
  code_id: string;
  secret_hash: string;
  created_at: Date;
  expires_at: Date;
  lost_at: Date | null;
}

function stateOf(actor: QrActor, row: CodeRow | undefined, sessionSecret: string, now: Date): LoginQrCodeState {
  const owner = { loginId: actor.login_id, displayName: actor.display_name };
  // A code made under another session secret cannot be drawn again nor accepted: as if none.
  if (!row || !sameSecret(sha256(secretOf(sessionSecret, row.code_id)), row.secret_hash)) return { ...owner, status: 'none' };
  const createdAt = row.created_at.toISOString();
  if (row.lost_at) return { ...owner, status: 'lost', createdAt, lostAt: row.lost_at.toISOString() };
  const expiresAt = row.expires_at.toISOString();
  if (row.expires_at.getTime() <= now.getTime()) return { ...owner, status: 'expired', createdAt, expiresAt };
  return { ...owner, status: 'active', code: qrText(sessionSecret, row.code_id), createdAt, expiresAt };
}

async function codeRow(db: Db, userId: string): Promise<CodeRow | undefined> {
  return db
    .selectFrom('login_qr_codes')
    .select(['code_id', 'secret_hash', 'created_at', 'expires_at', 'lost_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** GET /api/profile/qr-code. */
export async function readLoginQrCode(db: Db, actor: QrActor, sessionSecret: string, now: Date): Promise<LoginQrCodeState> {
  assertQrPermission(actor);
  return stateOf(actor, await codeRow(db, actor.id), sessionSecret, now);
}

/** POST /api/profile/qr-code/refresh: one statement replaces the row, so the old code is dead when this answers. */
export async function refreshLoginQrCode(db: Db, actor: QrActor, sessionSecret: string, now: Date): Promise<LoginQrCodeState> {
  assertQrPermission(actor);
  const codeId = randomBytes(16).toString('base64url');
  const row: CodeRow = {
    code_id: codeId,
    secret_hash: sha256(secretOf(sessionSecret, codeId)),
    created_at: now,
    expires_at: new Date(now.getTime() + LOGIN_QR_VALIDITY_MS),
    lost_at: null,
  };
  await db
    .insertInto('login_qr_codes')
    .values({ user_id: actor.id, ...row })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        code_id: row.code_id,
        secret_hash: row.secret_hash,
        created_at: row.created_at,
        expires_at: row.expires_at,
        lost_at: null,
      }),
    )
    .execute();
  return stateOf(actor, row, sessionSecret, now);
}

/** POST /api/profile/qr-code/lose: the code stops working; the page offers a new one. */
export async function loseLoginQrCode(db: Db, actor: QrActor, sessionSecret: string, now: Date): Promise<LoginQrCodeState> {
  assertQrPermission(actor);
  await db.updateTable('login_qr_codes').set({ lost_at: now }).where('user_id', '=', actor.id).where('lost_at', 'is', null).execute();
  return stateOf(actor, await codeRow(db, actor.id), sessionSecret, now);
}

export interface QrLoginResult {
  user: User;
  sessionId: string;
}

/**
 * POST /auth/qr-login. Anything that is not a live code of ours is `qrCodeInvalid` (garbled,
 * unknown, replaced, lost, expired); a live code whose account may not sign in by QR (its school
 * no longer allows it, a school administrator, an account not active) is `qrLoginNotAllowed`.
 * Both tell the user to contact the school administrator. The school's choice is read now, not
 * when the code was made.
 */
export async function loginWithQrCode(
  db: Db,
  input: { code: string; previousSessionId?: string; client?: SignInClient },
  settings: { sessionSecret: string; supportEmail: string; publicUrl: string },
  now: Date,
): Promise<QrLoginResult> {
  const { sessionSecret } = settings;
  const match = QR_TEXT.exec(input.code.trim());
  const invalid = () => new DomainError('qrCodeInvalid');
  if (!match) throw invalid();
  const codeId = match[1] ?? '';
  const secret = match[2] ?? '';
  if (!sameSecret(secret, secretOf(sessionSecret, codeId))) throw invalid();

  const result = await sql<AccountRow>`SELECT ${ACCOUNT_COLUMNS}
    FROM login_qr_codes q JOIN users u ON u.id = q.user_id LEFT JOIN schools sc ON sc.code = u.school_code
    WHERE q.code_id = ${codeId} AND q.secret_hash = ${sha256(secret)} AND q.lost_at IS NULL AND q.expires_at > ${now}`.execute(db);
  const row = result.rows[0];
  if (!row) throw invalid();
  let allowed = row.category !== 'SCHOOL_ADMINISTRATOR' && row.status === 'active';
  try {
    assertQrPermission(row);
  } catch {
    allowed = false;
  }
  if (!allowed) {
    const refusal = new DomainError('qrLoginNotAllowed');
    await recordRefusedSignIn(db, row.id, 'qr', refusal, input.client, now);
    throw refusal;
  }
  const sessionId = await db.transaction().execute(async (tx) => {
    const id = await createSession(tx, row.id, { secret: sessionSecret, now }, input.previousSessionId, input.client);
    await recordSuccessfulSignIn(tx, row, 'qr', input.client, settings, now);
    return id;
  });
  return { user: toUser(row), sessionId };
}
