import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as calls from '../../contract/calls/third-party.ts';
import type { LoginAnswer } from '../../contract/index.ts';
import type { SsoOutcome } from '../../contract/schemas/third-party.ts';
import type { Deps } from '../deps.ts';
import { startSession } from '../domain/accounts.ts';
import { DomainError } from '../domain/errors.ts';
import { PENDING_IDENTITY_MS, attachPendingIdentity, chooseSignInAccount, linkIdentity, listIdentities, signInWithIdentity, unlinkIdentity } from '../domain/identities.ts';
import { needsSecondFactor, startMfaChallenge } from '../domain/mfa-login.ts';
import { deleteSession, findSession } from '../domain/sessions.ts';
import type { AccountRow } from '../domain/users.ts';
import { accountSettings, clearSessionCookie, loginGuard, passwordClient, sessionCookie, sessionSecret, setDeviceCookie, setSessionCookie, signInClient, type RouteDeps } from '../http.ts';
import { OIDC_FLOW_MS, type RelyingParty } from '../oidc/relying-party.ts';
import { mfaSettings, setMfaCookie } from './mfa-login.ts';
import { route, type Route } from './mount.ts';

/** The browser's flow in progress, and an identity waiting for /third-party-link (HttpOnly, Lax). */
const FLOW_COOKIE = 'portal_sso';
const PENDING_COOKIE = 'portal_sso_pending';
const COOKIE_PATH = '/auth/sso';

function cookieOptions(deps: Deps, maxAgeMs: number) {
  return { path: COOKIE_PATH, httpOnly: true, sameSite: 'Lax' as const, secure: deps.config.production, maxAge: maxAgeMs / 1000 };
}

/**
 * The account signs in as password login does: a session, or for school administrators the
 * second factor first (no session until it is given; whoever was signed in here is signed out).
 */
async function signIn(c: Context, deps: RouteDeps, account: AccountRow, now: Date): Promise<LoginAnswer> {
  const db = deps.database.db;
  const previousSessionId = sessionCookie(c);
  if (needsSecondFactor(account)) {
    if (previousSessionId) {
      await deleteSession(db, previousSessionId, sessionSecret(deps));
      clearSessionCookie(c, deps);
    }
    const { token, answer } = await startMfaChallenge(db, account, mfaSettings(deps), now, { method: 'google', client: signInClient(c, deps) });
    setMfaCookie(c, deps, token);
    return answer;
  }
  const { user, sessionId } = await startSession(db, account, accountSettings(deps), now, previousSessionId, { method: 'google', client: signInClient(c, deps) });
  setSessionCookie(c, deps, sessionId);
  setDeviceCookie(c, deps, user.userId);
  return { status: 'signedIn', user };
}

/** Third-party sign-in and login information; `rp` is null where no provider is configured. */
export function ssoRoutes(deps: RouteDeps, rp: RelyingParty | null): Route[] {
  const db = deps.database.db;
  const now = () => deps.clock.now();
  const party = (): RelyingParty => {
    if (!rp) throw new DomainError('thirdPartyFailed');
    return rp;
  };
  const notice = () => {
    const { supportEmail, publicUrl } = accountSettings(deps);
    return { supportEmail, publicUrl };
  };
  const signedInAccount = async (c: Context) =>
    (await findSession(db, deps.sessions, sessionCookie(c), { secret: sessionSecret(deps), now: now() }))?.account ?? null;

  return [
    route(calls.start, async (c, input) => {
      let userId: string | null = null;
      if (input.purpose === 'link') {
        const account = await signedInAccount(c);
        if (!account) throw new DomainError('unauthorized');
        userId = account.id;
      }
      const { flowToken, authorizationUrl } = await party().start(db, input.purpose, input.popup, userId, now());
      setCookie(c, FLOW_COOKIE, flowToken, cookieOptions(deps, OIDC_FLOW_MS));
      return { authorizationUrl };
    }),
    route(calls.callback, async (c, input): Promise<SsoOutcome> => {
      const at = now();
      const flowToken = getCookie(c, FLOW_COOKIE);
      deleteCookie(c, FLOW_COOKIE, { path: COOKIE_PATH });
      const { purpose, inPopup, userId, identity } = await party().finish(db, flowToken, input.search, at);
      if (purpose === 'link') {
        // The account that began the link must still be the one signed in here.
        const account = await signedInAccount(c);
        if (!account || account.id !== userId) throw new DomainError('thirdPartyFailed');
        await linkIdentity(db, account.id, identity, notice(), at);
        return { outcome: 'linked', provider: identity.provider, inPopup };
      }
      const found = await signInWithIdentity(db, identity, sessionSecret(deps), at);
      if (found.status === 'unlinked') {
        setCookie(c, PENDING_COOKIE, found.pendingToken, cookieOptions(deps, PENDING_IDENTITY_MS));
        return { outcome: 'linkNeeded', email: identity.email, inPopup };
      }
      const answer = await signIn(c, deps, found.account, at);
      return answer.status === 'signedIn'
        ? { outcome: 'signedIn', user: answer.user, inPopup }
        : { outcome: 'secondFactor', setupNeeded: answer.setupNeeded, expiresAt: answer.expiresAt, inPopup };
    }),
    route(calls.attach, async (c, input) => {
      const at = now();
      const { account } = await attachPendingIdentity(
        db,
        { pendingToken: getCookie(c, PENDING_COOKIE), loginId: input.loginId, password: input.password, recaptchaToken: input.recaptchaToken, ...passwordClient(c, deps) },
        sessionSecret(deps),
        notice(),
        at,
        loginGuard(deps),
      );
      deleteCookie(c, PENDING_COOKIE, { path: COOKIE_PATH });
      return signIn(c, deps, account, at);
    }),
    route(calls.loginInfo, (c) => listIdentities(db, c.var.session.account.id)),
    route(calls.unlink, async (c, input) => {
      await unlinkIdentity(db, c.var.session.account.id, input.provider, notice(), now());
      return listIdentities(db, c.var.session.account.id);
    }),
    route(calls.chooseAccount, (c, input) => chooseSignInAccount(db, c.var.session.account.id, input.provider, input.userId)),
  ];
}
