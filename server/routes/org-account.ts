import type { Context, MiddlewareHandler } from 'hono';
import * as calls from '../../contract/calls/org-account.ts';
import type { FieldIssue } from '../../contract/errors.ts';
import { XLSX_TYPE } from '../../contract/schemas/org-account.ts';
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
import { fileResponse, type AppEnv, type RouteDeps } from '../http.ts';
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

/** The downloads' permission (org_account.read), decided before their query is read. */
const canRead: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertCanRead(actorOf(c));
  await next();
};

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
    // The downloads answer a file. Everything that can refuse (the session, the permission, the
    // query, the first batch's read) is decided before the first byte, so each refusal answers
    // the envelope as every call does; a failure later is logged and ends the download incomplete.
    route(
      calls.exportList,
      async (c, { lang, ...query }) => {
        const stream = await exportWorkbook(exportOrgAccounts(db, actorOf(c), query), lang, (error) => deps.log.error('org account export failed', describeError(error)));
        return fileResponse(stream, XLSX_TYPE, `${orgText(lang, 'orgAccount.export.fileName')}.xlsx`);
      },
      { before: [canRead] },
    ),
    route(calls.template, async (_c, { lang }) => fileResponse(Buffer.from(await templateWorkbook(lang)), XLSX_TYPE, `${orgText(lang, 'orgAccount.template.fileName')}.xlsx`), {
      before: [canRead],
    }),
  ];
}
