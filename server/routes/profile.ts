import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import {
  BasicProfileSchema,
  NicknameRequestSchema,
  ParentProfileSchema,
  ProfileCheckRequestSchema,
  SchoolStaffInfoSchema,
  TeacherProfileSchema,
  parseWith,
} from '../../contract/index.ts';
import { DomainError } from '../domain/errors.ts';
import { proposeNickname } from '../domain/nickname.ts';
import { assertNoSchoolFields, checkProfile, readProfile, saveBasicProfile } from '../domain/profile.ts';
import type { ProfileActor } from '../domain/profile-reads.ts';
import {
  assertPermission,
  assertSchoolStaff,
  readParentProfile,
  readSchoolStaffInfo,
  readTeacherProfile,
  saveParentProfile,
  saveSchoolStaffInfo,
  saveTeacherProfile,
} from '../domain/role-profiles.ts';
import { type AppEnv, type RouteDeps, parseBody, readJson, requireSession } from '../http.ts';

function actorOf(c: Context<AppEnv>): ProfileActor {
  const account = c.var.session.account;
  return { id: account.id, category: account.category, school_code: account.school_code, allow_qr_login: account.allow_qr_login };
}

/** A profile write's body: school keys refused first (403 `schoolInfoReadOnly`), then the schema. */
async function parseProfileBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const body = await readJson(c);
  assertNoSchoolFields(body);
  const result = parseWith(schema, body);
  if (!result.ok) throw new DomainError('invalidPayload', { fields: result.fields });
  return result.value;
}

/**
 * Mounted at /api/profile (docs/api.md "Profile"). The session check sits on each route rather
 * than on `*`, so other calls mounted under /api/profile keep their own middleware.
 */
export function profileRoutes(deps: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  const now = () => deps.clock.now();
  const session = requireSession(deps);
  const settings = { publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail };

  app.get('/', session, async (c) => c.json({ data: await readProfile(db, actorOf(c), now()) }));

  app.put('/basic', session, async (c) => {
    const input = await parseProfileBody(c, BasicProfileSchema);
    return c.json({ data: await saveBasicProfile(db, actorOf(c), input, settings, now()) });
  });

  app.post('/check', session, async (c) => {
    const input = await parseBody(c, ProfileCheckRequestSchema);
    return c.json({ data: { fields: await checkProfile(db, actorOf(c), input) } });
  });

  app.post('/nickname', session, async (c) => {
    const input = await parseBody(c, NicknameRequestSchema);
    return c.json({ data: await proposeNickname(db, actorOf(c).id, input.lang) });
  });

  app.get('/teacher', session, async (c) => c.json({ data: await readTeacherProfile(db, actorOf(c), now()) }));

  app.put('/teacher', session, async (c) => {
    const actor = actorOf(c);
    // The permission decides before the body: a parent learns `forbidden`, not what the form wants.
    assertPermission(actor, 'profile.teacher');
    const input = await parseProfileBody(c, TeacherProfileSchema);
    return c.json({ data: await saveTeacherProfile(db, actor, input, now()) });
  });

  app.get('/parent', session, async (c) => c.json({ data: await readParentProfile(db, actorOf(c)) }));

  app.put('/parent', session, async (c) => {
    const actor = actorOf(c);
    assertPermission(actor, 'profile.parent');
    const input = await parseProfileBody(c, ParentProfileSchema);
    return c.json({ data: await saveParentProfile(db, actor, input) });
  });

  return app;
}

/** Mounted at /api/school-staff-info: school-based teachers only. */
export function schoolStaffRoutes(deps: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  const session = requireSession(deps);

  app.get('/', session, async (c) => c.json({ data: await readSchoolStaffInfo(db, actorOf(c)) }));

  app.put('/', session, async (c) => {
    const actor = actorOf(c);
    await assertSchoolStaff(db, actor);
    const input = await parseProfileBody(c, SchoolStaffInfoSchema);
    return c.json({ data: await saveSchoolStaffInfo(db, actor, input, deps.clock.now()) });
  });

  return app;
}
