import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  CreateFamilyRequestSchema,
  FamilyIdRequestSchema,
  HandleRequestSchema,
  InviteRequestSchema,
  JoinFamilyRequestSchema,
  LanguageSchema,
  UpdateFamilyInfoRequestSchema,
  parseWith,
} from '../../contract/index.ts';
import { DomainError } from '../domain/errors.ts';
import {
  type FamilyActor,
  createFamily,
  dismissFamily,
  familyCurrentPage,
  familyDetails,
  familyHold,
  familyPermission,
  familyRequests,
  familyRoles,
  handleFamilyRequest,
  inviteToFamily,
  leaveFamily,
  regenerateFamilyCode,
  requestToJoin,
  updateFamilyInfo,
} from '../domain/family.ts';
import { type AppEnv, type RouteDeps, parseBody, requireSession } from '../http.ts';

function actorOf(c: Context<AppEnv>): FamilyActor {
  const account = c.var.session.account;
  return { userId: account.id, category: account.category, loginEmail: account.login_email };
}

/** `?lang=` is optional on reads; when present it must be a language. */
function checkLangQuery(c: Context<AppEnv>): void {
  const lang = c.req.query('lang');
  if (lang === undefined) return;
  const parsed = parseWith(LanguageSchema, lang);
  if (!parsed.ok) throw new DomainError('invalidPayload', { fields: [{ field: 'lang', rule: 'format' }] });
}

const DismissQuerySchema = v.object({ familyId: FamilyIdRequestSchema.entries.familyId });

/** Mounted at /api/family; every call needs a session. */
export function familyRoutes(deps: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  const now = () => deps.clock.now();

  app.use('*', requireSession(deps));

  app.get('/permission', (c) => c.json({ data: familyPermission(actorOf(c)) }));
  app.get('/roles', (c) => c.json({ data: familyRoles() }));
  app.get('/hold', async (c) => c.json({ data: await familyHold(db, actorOf(c).userId, now()) }));
  app.get('/currentPage', async (c) => c.json({ data: await familyCurrentPage(db, actorOf(c)) }));

  app.get('/family', async (c) => {
    checkLangQuery(c);
    return c.json({ data: await familyDetails(db, actorOf(c)) });
  });

  app.get('/request', async (c) => {
    checkLangQuery(c);
    return c.json({ data: await familyRequests(db, actorOf(c)) });
  });

  app.post('/', async (c) => {
    const input = await parseBody(c, CreateFamilyRequestSchema);
    return c.json({ data: await createFamily(db, actorOf(c), input, deps.recaptcha, now()) });
  });

  app.post('/join', async (c) => {
    const input = await parseBody(c, JoinFamilyRequestSchema);
    return c.json({ data: await requestToJoin(db, actorOf(c), input, deps.recaptcha, now()) });
  });

  app.post('/handle-request', async (c) => {
    const input = await parseBody(c, HandleRequestSchema);
    await handleFamilyRequest(db, actorOf(c), input, now());
    return c.json({ data: {} });
  });

  app.post('/regen-family-code', async (c) => {
    const input = await parseBody(c, FamilyIdRequestSchema);
    return c.json({ data: await regenerateFamilyCode(db, actorOf(c), input.familyId, now()) });
  });

  app.post('/leave-family', async (c) => {
    const input = await parseBody(c, FamilyIdRequestSchema);
    await leaveFamily(db, actorOf(c), input.familyId, now());
    return c.json({ data: {} });
  });

  app.delete('/dismiss-family', async (c) => {
    const parsed = parseWith(DismissQuerySchema, { familyId: c.req.query('familyId') });
    if (!parsed.ok) throw new DomainError('invalidPayload', { fields: parsed.fields });
    await dismissFamily(db, actorOf(c), parsed.value.familyId, now());
    return c.json({ data: {} });
  });

  app.post('/update-info', async (c) => {
    const input = await parseBody(c, UpdateFamilyInfoRequestSchema);
    await updateFamilyInfo(db, actorOf(c), input);
    return c.json({ data: {} });
  });

  app.post('/invite', async (c) => {
    const input = await parseBody(c, InviteRequestSchema);
    await inviteToFamily(db, actorOf(c), input, { publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail }, now());
    return c.json({ data: {} });
  });

  return app;
}
