import * as calls from '../../contract/calls/verification.ts';
import { emailChangeStatus, requestEmailChange, type EmailChangeSettings } from '../domain/email-change.ts';
import { verifyEmailLink } from '../domain/email-verification.ts';
import { verifyMfaLink } from '../domain/mfa-login.ts';
import { sendMobileCode, verifyMobileCode, type MobileSettings } from '../domain/mobile.ts';
import { countDiscoveryOf, sessionSecret, type RouteDeps } from '../http.ts';
import { createHttpSmsGateway } from '../mail/sms.ts';
import { route, type Route } from './mount.ts';

/** Email changes, emailed links and mobile codes. */
export function verificationRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const now = () => deps.clock.now();
  const emailChange: EmailChangeSettings = {
    publicUrl: deps.config.publicUrl,
    supportEmail: deps.config.supportEmail,
    allowTestDomains: !deps.config.production,
  };
  const gateway = deps.config.smsGatewayUrl
    ? createHttpSmsGateway({ url: deps.config.smsGatewayUrl, token: deps.config.smsGatewayToken, timeoutMs: deps.config.smsGatewayTimeoutMs })
    : null;
  const mobile: MobileSettings = {
    secret: sessionSecret(deps),
    delivery: gateway ? { db, gateway, clock: deps.clock, log: deps.log } : null,
  };

  return [
    route(calls.emailChangeStatus, (c, input) => emailChangeStatus(db, c.var.session.account, input.kind, now())),
    route(calls.emailChange, async (c, input) => {
      // "Already another account's login email" tells that the email has an account: paid for like a guess.
      await countDiscoveryOf(c, deps, [input.email]);
      return requestEmailChange(db, c.var.session.account, input, emailChange, now());
    }),
    route(calls.emailVerify, (_c, input) =>
      input.kind === 'mfa'
        ? verifyMfaLink(db, input.token, sessionSecret(deps), now(), { supportEmail: deps.config.supportEmail, publicUrl: deps.config.publicUrl })
        : verifyEmailLink(db, input.kind, input.token, { supportEmail: deps.config.supportEmail, publicUrl: deps.config.publicUrl }, now()),
    ),
    route(calls.mobileSendCode, (c, input) => sendMobileCode(db, c.var.session.account, input, mobile, now(), { memory: deps.holdMemory })),
    route(calls.mobileVerify, (c, input) => verifyMobileCode(db, c.var.session.account.id, input, mobile.secret, now(), { memory: deps.holdMemory })),
  ];
}
