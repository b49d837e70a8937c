import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import * as calls from '../../contract/calls/org-account.ts';
import { isLanguage, type Language } from '../../contract/languages.ts';
import { ORG_EXPORT_PATH, ORG_GROUPS, ORG_TEMPLATE_PATH } from '../../contract/schemas/org-account.ts';
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

/** The school email list (under /api/org-accounts). */
export function orgAccountRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  return [
    route(calls.list, (c, input) => listOrgAccounts(db, actorOf(c), input)),
    route(calls.update, (c, input) => updateOrgAccount(db, actorOf(c), input, policyOf(deps), deps.clock.now())),
    route(calls.remove, (c, input) => removeOrgAccount(db, actorOf(c), input)),
    route(calls.checkImport, (c, input) =>
      checkOrgImport(db, actorOf(c), { file: new Uint8Array(Buffer.from(input.content, 'base64')), lang: input.lang }, policyOf(deps), deps.clock.now()),
    ),
    route(calls.applyImport, (c, input) => applyOrgImport(db, actorOf(c), input, deps.clock.now())),
    route(calls.settings, (c) => schoolSettings(db, actorOf(c))),
    route(calls.saveSettings, (c, input) => saveSchoolSettings(db, actorOf(c), input)),
  ];
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ExportQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254)), ''),
  group: v.optional(v.picklist(ORG_GROUPS), 'ALL'),
});

const langOf = (c: Context): Language => {
  const lang = c.req.query('lang');
  return isLanguage(lang) ? lang : 'zh_hant';
};

function attachment(name: string): Record<string, string> {
  return {
    'content-type': XLSX_TYPE,
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
}

/**
 * The downloads, which answer a file rather than the JSON envelope: the list as .xlsx (streamed
 * a batch at a time) and the import template. Both need org_account.read; refusals answer the
 * envelope as every call does.
 */
export function mountOrgAccountDownloads(app: Hono<AppEnv>, deps: RouteDeps): void {
  const session = requireSession(deps);
  app.get(`/api/${ORG_EXPORT_PATH}`, session, (c) => {
    const actor = actorOf(c);
    assertCanRead(actor);
    const parsed = v.safeParse(ExportQuery, { q: c.req.query('q'), group: c.req.query('group') });
    const query = parsed.success ? parsed.output : { q: '', group: 'ALL' as const };
    const lang = langOf(c);
    const stream = exportWorkbook(exportOrgAccounts(deps.database.db, actor, query), lang, (error) =>
      deps.log.error('org account export failed', describeError(error)),
    );
    return new Response(stream, { headers: attachment(`${orgText(lang, 'orgAccount.export.fileName')}.xlsx`) });
  });
  app.get(`/api/${ORG_TEMPLATE_PATH}`, session, async (c) => {
    assertCanRead(actorOf(c));
    const lang = langOf(c);
    const file = await templateWorkbook(lang);
    return new Response(Buffer.from(file), { headers: attachment(`${orgText(lang, 'orgAccount.template.fileName')}.xlsx`) });
  });
}
