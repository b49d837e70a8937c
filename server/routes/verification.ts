import { Hono } from 'hono';
import * as v from 'valibot';
import {
  EMAIL_CHANGE_KINDS,
  EmailChangeRequestSchema,
  EmailVerifyRequestSchema,
  MobileSendCodeRequestSchema,
  MobileVerifyRequestSchema,
  parseWith,
} from '../../contract/index.ts';
import { emailChangeStatus, requestEmailChange, type EmailChangeSettings } from '../domain/email-change.ts';
import { verifyEmailLink } from '../domain/email-verification.ts';
import { DomainError } from '../domain/errors.ts';
import { sendMobileCode, verifyMobileCode, type MobileSettings } from '../domain/mobile.ts';
import { type AppEnv, type RouteDeps, parseBody, requireSession, sessionSecret } from '../http.ts';
import { createHttpSmsGateway } from '../mail/sms.ts';

const EmailChangeKindQuerySchema = v.object({ kind: v.picklist(EMAIL_CHANGE_KINDS, 'format') });

/** Mounted at /api/profile/email-change (session): login, contact and teacher email changes. */
export function emailChangeRoutes(deps: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const settings: EmailChangeSettings = {
    publicUrl: deps.config.publicUrl,
    supportEmail: deps.config.supportEmail,
    allowTestDomains: !deps.config.production,
  };
  app.use('*', requireSession(deps));

  app.get('/', async (c) => {
    const parsed = parseWith(EmailChangeKindQuerySchema, { kind: c.req.query('kind') });
    if (!parsed.ok) throw new DomainError('invalidPayload', { fields: parsed.fields });
    return c.json({ data: await emailChangeStatus(deps.database.db, c.var.session.account, parsed.value.kind, deps.clock.now()) });
  });

  app.post('/', async (c) => {
    const input = await parseBody(c, EmailChangeRequestSchema);
    return c.json({ data: await requestEmailChange(deps.database.db, c.var.session.account, input, settings, deps.clock.now()) });
  });

  return app;
}

/** Mounted at /api/email-verifications: following an emailed link needs no session (docs/api.md). */
export function emailVerificationRoutes(deps: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const input = await parseBody(c, EmailVerifyRequestSchema);
    const settings = { supportEmail: deps.config.supportEmail };
    return c.json({ data: await verifyEmailLink(deps.database.db, input.kind, input.token, settings, deps.clock.now()) });
  });
  return app;
}

/** Mounted at /api/profile/mobile (session): SMS code sending and checking. */
export function mobileRoutes(deps: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const gateway = deps.config.smsGatewayUrl
    ? createHttpSmsGateway({ url: deps.config.smsGatewayUrl, token: deps.config.smsGatewayToken, timeoutMs: deps.config.smsGatewayTimeoutMs })
    : null;
  const settings: MobileSettings = {
    secret: sessionSecret(deps),
    delivery: gateway ? { db: deps.database.db, gateway, clock: deps.clock, log: deps.log } : null,
  };
  app.use('*', requireSession(deps));

  app.post('/send-code', async (c) => {
    const input = await parseBody(c, MobileSendCodeRequestSchema);
    return c.json({ data: await sendMobileCode(deps.database.db, c.var.session.account.id, input, settings, deps.clock.now()) });
  });

  app.post('/verify', async (c) => {
    const input = await parseBody(c, MobileVerifyRequestSchema);
    return c.json({ data: await verifyMobileCode(deps.database.db, c.var.session.account.id, input, settings.secret, deps.clock.now()) });
  });

  return app;
}
