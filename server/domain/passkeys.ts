import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { sql } from 'kysely';
import {
  PASSKEY_CHALLENGE_MINUTES,
  type PasskeyAuthenticationResponse,
  type PasskeyCreationOptions,
  type PasskeyList,
  type PasskeyRegistrationResponse,
  type PasskeyRequestOptions,
} from '../../contract/schemas/passkeys.ts';
import type { Db } from '../db/schema.ts';
import { startSession, type LoginResult } from './accounts.ts';
import { DomainError, uniqueViolation } from './errors.ts';
import { clearLoginAttempts, reserveLoginAttempt, type ThrottleKey } from './login-throttle.ts';
import { queueSecurityEmail } from './security-emails.ts';
import type { AccountSettings } from './settings.ts';
import { recordRefusedSignIn, type SignInClient } from './sign-in-history.ts';
import { recordProof } from './step-up.ts';
import { hmacSha256, randomToken } from './tokens.ts';
import { findAccountById, type AccountRow } from './users.ts';

/**
 * Passkeys (WebAuthn, issue 23; docs/decisions/passkeys.md) with @simplewebauthn/server. The
 * relying party is PUBLIC_URL's host and the only origin accepted is PUBLIC_URL's. Every ceremony
 * has a single-use challenge of PASSKEY_CHALLENGE_MS, bound to the session that asked
 * (registration, step-up) or to the pre-sign-in cookie (sign-in) and consumed by one
 * `DELETE … RETURNING` before the answer is judged. User verification is required everywhere.
 */
export const PASSKEY_CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;
/** The pre-sign-in cookie that binds a sign-in's challenge to the browser that asked for it. */
export const PASSKEY_COOKIE = 'portal_passkey';
/** The name passkey managers show for this site. */
const RP_NAME = 'Education Platform';
/** ES256 and RS256: every platform authenticator makes one of them. */
const ALGORITHMS = [-7, -257];
/** The address column of the passkey sign-in's throttle rows (apart from the password's). */
const THROTTLE_ADDRESS_PREFIX = 'passkey:';
/** The throttle subject of a passkey no account has. */
const UNKNOWN_PASSKEY_SUBJECT = 'passkey:unknown';

type Purpose = 'registration' | 'signIn' | 'stepUp';

/** The relying party (PUBLIC_URL), the secret the pre-sign-in cookie is hashed with, and what the emails need. */
export type PasskeySettings = Pick<AccountSettings, 'publicUrl' | 'sessionSecret' | 'supportEmail'>;

interface RelyingParty {
  rpID: string;
  origin: string;
}

/** Loopback addresses a development PUBLIC_URL may name: browsers refuse WebAuthn on an IP address. */
const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);

/**
 * PUBLIC_URL's host and origin. WebAuthn allows no IP address as relying party (browsers refuse
 * `http://127.0.0.1`), so a development PUBLIC_URL on the loopback address serves passkeys as
 * `localhost`, the same loopback under a name, at the same port (docs/decisions/passkeys.md).
 */
function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  if (LOOPBACK_IPS.has(url.hostname)) url.hostname = 'localhost';
  return { rpID: url.hostname, origin: url.origin };
}

const sessionBinding = (sessionIdHash: string) => `session:${sessionIdHash}`;
const cookieBinding = (secret: string, token: string) => `cookie:${hmacSha256(secret, `passkey:${token}`)}`;

/** The library's options as the call declares them: the same JSON, typed by the contract's loose schema. */
function asJson<T>(options: object): T {
  return options as T;
}

function transportsOf(stored: string): AuthenticatorTransport[] {
  return stored ? (stored.split(',') as AuthenticatorTransport[]) : [];
}

async function storeChallenge(db: Db, challenge: string, purpose: Purpose, binding: string, now: Date): Promise<void> {
  // Lapsed challenges go as new ones come: the table holds only minutes of them.
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('passkey_challenges').values({ challenge, purpose, binding, expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_MS) }).execute();
}

/** The challenge the browser signed, read from its client data (base64url JSON). */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (data && typeof data === 'object' && 'challenge' in data && typeof data.challenge === 'string' && data.challenge.length <= 512) return data.challenge;
  } catch {
    // Not JSON: answered below as an answer that does not verify.
  }
  throw new DomainError('passkeyInvalid');
}

/**
 * Spends the challenge the answer carries, if it is alive, of this purpose and bound to this
 * session or browser: one DELETE decides, so a replayed or parallel second use finds nothing.
 */
async function consumeChallenge(db: Db, clientDataJSON: string, purpose: Purpose, binding: string, now: Date): Promise<string> {
  const challenge = signedChallenge(clientDataJSON);
  const spent = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('binding', '=', binding)
    .where('expires_at', '>', now)
    .returning('challenge')
    .executeTakeFirst();
  if (!spent) throw new DomainError('passkeyChallengeInvalid');
  return spent.challenge;
}

// ---- The signed-in account's passkeys (login-information page) ---------------------------------

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyList> {
  const rows = await db.selectFrom('passkeys').select(['credential_id', 'name', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('created_at').orderBy('credential_id').execute();
  return {
    passkeys: rows.map((row) => ({
      id: row.credential_id,
      name: row.name,
      createdAt: new Date(row.created_at).toISOString(),
      lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    })),
  };
}

/** The options to make a passkey: a discoverable credential with user verification, none of the account's passkeys again. */
export async function registrationOptions(db: Db, account: AccountRow, sessionIdHash: string, settings: PasskeySettings, now: Date): Promise<PasskeyCreationOptions> {
  const { rpID } = relyingParty(settings.publicUrl);
  const existing = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', account.id).execute();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: account.login_id,
    userDisplayName: account.display_name || account.login_id,
    // The account's id (a random UUID), never a name or an address: the authenticator keeps it.
    userID: new TextEncoder().encode(account.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: PASSKEY_CHALLENGE_MS,
  });
  await storeChallenge(db, options.challenge, 'registration', sessionBinding(sessionIdHash), now);
  return asJson<PasskeyCreationOptions>(options);
}

/** Adds the passkey the browser made, under its name, with the security email in the same transaction. */
export async function registerPasskey(
  db: Db,
  account: AccountRow,
  sessionIdHash: string,
  input: { response: PasskeyRegistrationResponse; name: string },
  settings: PasskeySettings,
  now: Date,
): Promise<PasskeyList> {
  const { rpID, origin } = relyingParty(settings.publicUrl);
  const expectedChallenge = await consumeChallenge(db, input.response.response.clientDataJSON, 'registration', sessionBinding(sessionIdHash), now);
  const response = { ...input.response, clientExtensionResults: {} } as RegistrationResponseJSON;
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true, supportedAlgorithmIDs: ALGORITHMS });
  } catch {
    throw new DomainError('passkeyInvalid');
  }
  if (!verification.verified || !verification.registrationInfo) throw new DomainError('passkeyInvalid');
  const { credential } = verification.registrationInfo;
  try {
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('passkeys')
        .values({
          credential_id: credential.id,
          user_id: account.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          sign_count: credential.counter,
          transports: (input.response.response.transports ?? []).join(','),
          name: input.name,
          created_at: now,
          last_used_at: null,
        })
        .execute();
      await queueSecurityEmail(tx, account, 'passkeyAdded', { at: now, supportEmail: settings.supportEmail, publicUrl: settings.publicUrl });
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new DomainError('passkeyExists');
    throw error;
  }
  return listPasskeys(db, account.id);
}

export async function renamePasskey(db: Db, userId: string, input: { id: string; name: string }): Promise<PasskeyList> {
  const renamed = await db.updateTable('passkeys').set({ name: input.name }).where('credential_id', '=', input.id).where('user_id', '=', userId).returning('credential_id').executeTakeFirst();
  if (!renamed) throw new DomainError('passkeyNotFound');
  return listPasskeys(db, userId);
}

export async function removePasskey(db: Db, account: AccountRow, id: string, settings: PasskeySettings, now: Date): Promise<PasskeyList> {
  await db.transaction().execute(async (tx) => {
    const removed = await tx.deleteFrom('passkeys').where('credential_id', '=', id).where('user_id', '=', account.id).returning('credential_id').executeTakeFirst();
    if (!removed) throw new DomainError('passkeyNotFound');
    await queueSecurityEmail(tx, account, 'passkeyRemoved', { at: now, supportEmail: settings.supportEmail, publicUrl: settings.publicUrl });
  });
  return listPasskeys(db, account.id);
}

// ---- Assertions: signing in and step-up -----------------------------------------------------------

interface StoredPasskey {
  credential_id: string;
  user_id: string;
  public_key: string;
  sign_count: string | number;
  transports: string;
}

async function findPasskey(db: Db, credentialId: string): Promise<StoredPasskey | null> {
  const row = await db.selectFrom('passkeys').select(['credential_id', 'user_id', 'public_key', 'sign_count', 'transports']).where('credential_id', '=', credentialId).executeTakeFirst();
  return row ?? null;
}

/**
 * Checks a passkey's answer (signature, origin, relying party, user verification) and moves its
 * counter forward. A counter that does not move forward (when the authenticator keeps one) is a
 * copied authenticator: refused. The counter's UPDATE is conditional, so two uses of one answer
 * cannot both pass.
 */
async function verifyAssertion(db: Db, passkey: StoredPasskey, answer: PasskeyAuthenticationResponse, expectedChallenge: string, settings: PasskeySettings, now: Date): Promise<void> {
  const { rpID, origin } = relyingParty(settings.publicUrl);
  const stored = Number(passkey.sign_count);
  const response = { ...answer, clientExtensionResults: {} } as AuthenticationResponseJSON;
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      // The counter is judged below, after the signature, so a forged answer cannot claim a clone.
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')), counter: 0, transports: transportsOf(passkey.transports) },
    });
  } catch {
    throw new DomainError('passkeyInvalid');
  }
  if (!verification.verified || !verification.authenticationInfo.userVerified) throw new DomainError('passkeyInvalid');
  const next = verification.authenticationInfo.newCounter;
  const keepsCount = next > 0 || stored > 0;
  if (keepsCount && next <= stored) throw new DomainError('passkeyCounterRegressed');
  const moved = await sql<{ credential_id: string }>`UPDATE passkeys SET sign_count = ${next}, last_used_at = ${now}
    WHERE credential_id = ${passkey.credential_id} AND (sign_count < ${next} OR (${next} = 0 AND sign_count = 0))
    RETURNING credential_id`.execute(db);
  if (!moved.rows[0]) throw new DomainError('passkeyCounterRegressed');
}

/** The options of a sign-in with any passkey of this site, and the token of the pre-sign-in cookie it is bound to. */
export async function signInOptions(db: Db, settings: PasskeySettings, now: Date): Promise<{ options: PasskeyRequestOptions; token: string }> {
  const { rpID } = relyingParty(settings.publicUrl);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: PASSKEY_CHALLENGE_MS });
  const token = randomToken();
  await storeChallenge(db, options.challenge, 'signIn', cookieBinding(settings.sessionSecret, token), now);
  return { options: asJson<PasskeyRequestOptions>(options), token };
}

export interface PasskeySignInClient {
  addressGroup: string;
  client: SignInClient;
  previousSessionId?: string | undefined;
}

/**
 * Signs in with a passkey. Each attempt is counted before it is judged, per (account, network) as
 * wrong passwords are (login-throttle.ts), in rows of its own; a passkey no account has counts
 * under one subject per network. A passkey with user verification is both factors, so a school
 * administrator is signed in without the emailed link. Only an active account is signed in.
 */
export async function signInWithPasskey(
  db: Db,
  cookieToken: string | undefined,
  answer: PasskeyAuthenticationResponse,
  settings: PasskeySettings,
  now: Date,
  request: PasskeySignInClient,
): Promise<LoginResult> {
  if (!cookieToken) throw new DomainError('passkeyChallengeInvalid');
  const passkey = await findPasskey(db, answer.id);
  const key: ThrottleKey = { subject: passkey?.user_id ?? UNKNOWN_PASSKEY_SUBJECT, address: `${THROTTLE_ADDRESS_PREFIX}${request.addressGroup}` };
  try {
    await reserveLoginAttempt(db, key, now);
  } catch (error) {
    if (passkey) await recordRefusedSignIn(db, passkey.user_id, 'passkey', error, request.client, now);
    throw error;
  }
  const expectedChallenge = await consumeChallenge(db, answer.response.clientDataJSON, 'signIn', cookieBinding(settings.sessionSecret, cookieToken), now);
  if (!passkey) throw new DomainError('passkeyUnknown');
  try {
    await verifyAssertion(db, passkey, answer, expectedChallenge, settings, now);
    const account = await findAccountById(db, passkey.user_id);
    if (!account) throw new DomainError('passkeyUnknown');
    if (account.status !== 'active') throw new DomainError('accountInactive');
    await clearLoginAttempts(db, key, now);
    return await startSession(db, account, settings, now, request.previousSessionId, { method: 'passkey', client: request.client });
  } catch (error) {
    if (error instanceof DomainError) await recordRefusedSignIn(db, passkey.user_id, 'passkey', error, request.client, now);
    throw error;
  }
}

// ---- Step-up with a passkey (docs/decisions/step-up.md) -----------------------------------------

/** The options of a proof with one of the account's passkeys; refused `passkeyNotFound` when it has none. */
export async function stepUpOptions(db: Db, userId: string, sessionIdHash: string, settings: PasskeySettings, now: Date): Promise<PasskeyRequestOptions> {
  const { rpID } = relyingParty(settings.publicUrl);
  const passkeys = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
  if (passkeys.length === 0) throw new DomainError('passkeyNotFound');
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MS,
    allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
  });
  await storeChallenge(db, options.challenge, 'stepUp', sessionBinding(sessionIdHash), now);
  return asJson<PasskeyRequestOptions>(options);
}

/** A proof with one of the account's passkeys (user verification required) counts as the password does. */
export async function proveWithPasskey(
  db: Db,
  session: { idHash: string; userId: string },
  answer: PasskeyAuthenticationResponse,
  settings: PasskeySettings,
  now: Date,
): Promise<{ provedUntil: string }> {
  const expectedChallenge = await consumeChallenge(db, answer.response.clientDataJSON, 'stepUp', sessionBinding(session.idHash), now);
  const passkey = await findPasskey(db, answer.id);
  if (!passkey || passkey.user_id !== session.userId) throw new DomainError('passkeyUnknown');
  await verifyAssertion(db, passkey, answer, expectedChallenge, settings, now);
  return recordProof(db, session.idHash, now);
}
