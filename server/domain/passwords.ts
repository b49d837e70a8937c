import { dictionary } from '@zxcvbn-ts/language-common';
import { checkPasswordPolicy, type ErrorCode, type FieldRule, type PasswordPolicy } from '../../contract/index.ts';
import { DomainError } from './errors.ts';
import { DEFAULT_LANE, PasswordPool, type HashLane, type PasswordPoolOptions } from './password-pool.ts';

let pool: PasswordPool | null = null;

/** The process's password pool (server/domain/password-pool.ts), made on first use. */
export function passwordPool(): PasswordPool {
  pool ??= new PasswordPool();
  return pool;
}

/** Replaces the process's password pool (main.ts at start, tests); the old one is closed. */
export async function configurePasswordHashing(options: Partial<PasswordPoolOptions>): Promise<PasswordPool> {
  const old = pool;
  pool = new PasswordPool(options);
  await old?.close();
  return pool;
}

/** argon2id with the library's defaults: m=19456 KiB, t=2, p=1 (OWASP's baseline), in the bounded pool. */
export function hashPassword(password: string): Promise<string> {
  return passwordPool().hash(password);
}

/**
 * Checks a password against its hash in the bounded pool, queued in `lane` (a login's client
 * address). A malformed hash is a wrong password; a full lane throws PoolFullError.
 */
export async function verifyPassword(passwordHash: string, password: string, lane: HashLane = DEFAULT_LANE): Promise<boolean> {
  const verifying = passwordPool().verify(passwordHash, password, lane);
  try {
    return await verifying;
  } catch (error) {
    if (error instanceof Error && error.name === 'PoolFullError') throw error;
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends one verification when there is no account (or no password) to check against, so an
 * unknown login ID takes as long to refuse as a wrong password.
 */
export async function verifyAgainstDummy(password: string, lane: HashLane = DEFAULT_LANE): Promise<false> {
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  await verifyPassword(await dummyHash, password, lane);
  return false;
}

let commonPasswords: Set<string> | null = null;

/** Builds the dummy hash and the common-password set now rather than on the first request. */
export async function preparePasswordChecks(): Promise<void> {
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  await dummyHash;
  isCommonPassword('');
}

/** The 49k common passwords of @zxcvbn-ts/language-common, compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

const RULE_CODES: Partial<Record<FieldRule, ErrorCode>> = {
  minLength: 'passwordTooShort',
  complexity: 'passwordTooSimple',
  common: 'passwordTooCommon',
};

export interface NewPasswordContext {
  policy: PasswordPolicy;
  /** The account's login ID, which is refused as its password. */
  loginId: string;
  /** The payload field the password came in, for `fields`. */
  field?: string;
}

/**
 * The server's new-password policy: the contract's length and complexity check with the server
 * settings, then the common-password list and the login ID itself (both `common`).
 */
export function assertNewPassword(password: string, context: NewPasswordContext): void {
  let rule: FieldRule | null = checkPasswordPolicy(password, context.policy);
  if (!rule && (isCommonPassword(password) || password.toLowerCase() === context.loginId.toLowerCase())) rule = 'common';
  if (!rule) return;
  throw new DomainError(RULE_CODES[rule] ?? 'invalidPayload', { fields: [{ field: context.field ?? 'newPassword', rule }] });
}

/**
 * One rule for every way a password is set (change page, reset link): the new password must
 * differ from the account's current one, answered `passwordSameAsOld` on `newPassword`.
 * `current` is the current password in clear when the user typed it (change page), else the
 * stored hash is checked (reset link).
 */
export async function assertPasswordChanges(newPassword: string, current: { password: string } | { hash: string | null }): Promise<void> {
  const same = 'password' in current ? current.password === newPassword : current.hash !== null && (await verifyPassword(current.hash, newPassword));
  if (same) throw new DomainError('passwordSameAsOld', { fields: [{ field: 'newPassword', rule: 'sameAsOld' }] });
}
