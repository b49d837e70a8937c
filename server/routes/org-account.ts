import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import * as calls from '../../contract/calls/org-account.ts';
import type { FieldIssue } from '../../contract/errors.ts';
import { ORG_EXPORT_PATH, ORG_TEMPLATE_PATH, OrgExportQuerySchema, OrgTemplateQuerySchema } from '../../contract/schemas/org-account.ts';
import { controlCharacterPaths, normaliseText } from '../../contract/text.ts';
import { toFieldIssues } from '../../contract/validate.ts';
import { DomainError } from '../domain/errors.ts';
import {
  applyOrgImport,
  assertCanRead,
  checkOrgImport,
  exportOrgAccounts,
  listOrgAccounts,
  removeOrgAccount,
  saveSchoolSettings,
  schoolSettings,
  updateOrgAccount,
  type OrgActor,
  type OrgPolicy,
} from '../domain/org-accounts.ts';
import { exportWorkbook, orgText, templateWorkbook } from '../domain/org-xlsx.ts';
import { requireSession, type AppEnv, type RouteDeps } from '../http.ts';
import { describeError } from '../log.ts';
import { route, type Route } from './mount.ts';

function actorOf(c: Context<AppEnv>): OrgActor {
  const account = c.var.session.account;
  return { id: account.id, login_id: account.login_id, category: account.category, school_code: account.school_code, allow_qr_login: account.allow_qr_login };
}

function policyOf(deps: RouteDeps): OrgPolicy {
  return { allowTestDomains: !deps.config.production };
}

/**
 * The import check's refusal of a request its schema rejects: a file over the limit is
 * `importFileTooLarge`, however it is sent (the body limit and the file guard say the same).
 */
function refuseImport(fields: FieldIssue[]): DomainError {
  if (fields.some((issue) => issue.field === 'content' && issue.rule === 'maxLength')) return new DomainError('importFileTooLarge');
  return new DomainError('invalidPayload', { fields });
}

/** The school email list (under /api/org-accounts). */
export function orgAccountRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  return [
    route(calls.list, (c, input) => listOrgAccounts(db, actorOf(c), input)),
    route(calls.update, (c, input) => updateOrgAccount(db, actorOf(c), input, policyOf(deps), deps.clock.now())),
    route(calls.remove, (c, input) => removeOrgAccount(db, actorOf(c), input)),
    route(
      calls.checkImport,
      (c, input) => checkOrgImport(db, actorOf(c), { file: new Uint8Array(Buffer.from(input.content, 'base64')), lang: input.lang }, policyOf(deps), deps.clock.now()),
      { refuse: refuseImport },
    ),
    route(calls.applyImport, (c, input) => applyOrgImport(db, actorOf(c), input, deps.clock.now())),
    route(calls.settings, (c) => schoolSettings(db, actorOf(c))),
    route(calls.saveSettings, (c, input) => saveSchoolSettings(db, actorOf(c), input)),
  ];
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function attachment(name: string): Record<string, string> {
  return {
    'content-type': XLSX_TYPE,
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
}

/** The query string as the declared calls read it: a name given once is a string, given more often a list. */
const queryOf = (c: Context): Record<string, string | string[]> =>
  Object.fromEntries(Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? values[0]! : values]));

/**
 * A download's query string is refused as a declared call's would be, before its session is
 * looked up: any control character is 400 `controlCharacter` naming each field.
 */
const refuseControlCharacters: MiddlewareHandler<AppEnv> = async (c, next) => {
  const paths = controlCharacterPaths(queryOf(c));
  if (paths.length > 0) throw new DomainError('controlCharacter', { fields: paths.map((field) => ({ field, rule: 'controlCharacter' as const })) });
  await next();
};

/** The whole query, in NFC, against its schema; a value it refuses is `invalidPayload` with its fields. */
function downloadQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const parsed = v.safeParse(schema, normaliseText(queryOf(c)), { abortPipeEarly: true });
  if (!parsed.success) throw new DomainError('invalidPayload', { fields: toFieldIssues(parsed.issues) });
  return parsed.output;
}

/**
 * The downloads, which answer a file rather than the JSON envelope: the list as .xlsx (streamed
 * a batch at a time) and the import template. Both need org_account.read. Everything that can
 * refuse (the query, the session, the permission, the first batch's read) is decided before the
 * first byte, so each refusal answers the envelope as every call does; a failure later is logged
 * and ends the download incomplete.
 */
export function mountOrgAccountDownloads(app: Hono<AppEnv>, deps: RouteDeps): void {
  const session = requireSession(deps);
  app.get(`/api/${ORG_EXPORT_PATH}`, refuseControlCharacters, session, async (c) => {
    const actor = actorOf(c);
    assertCanRead(actor);
    const { lang, ...query } = downloadQuery(c, OrgExportQuerySchema);
    const stream = await exportWorkbook(exportOrgAccounts(deps.database.db, actor, query), lang, (error) =>
      deps.log.error('org account export failed', describeError(error)),
    );
    return new Response(stream, { headers: attachment(`${orgText(lang, 'orgAccount.export.fileName')}.xlsx`) });
  });
  app.get(`/api/${ORG_TEMPLATE_PATH}`, refuseControlCharacters, session, async (c) => {
    assertCanRead(actorOf(c));
    const { lang } = downloadQuery(c, OrgTemplateQuerySchema);
    const file = await templateWorkbook(lang);
    return new Response(Buffer.from(file), { headers: attachment(`${orgText(lang, 'orgAccount.template.fileName')}.xlsx`) });
  });
}
