import * as calls from '../../contract/calls/sso-export.ts';
import { EXPORT_FILE_NAMES, exportStream, prepareExport } from '../domain/sso-export.ts';
import { fileResponse, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** Export of identity-provider accounts (contract/calls/sso-export.ts): a CSV file, streamed. */
export function ssoExportRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  return [
    route(calls.download, async (c, input) => {
      // Refusals (permission, no domain) are decided before the first byte, so they still answer the envelope.
      const school = await prepareExport(db, c.var.session.account);
      const fileName = `${school.code}-${EXPORT_FILE_NAMES[input.format]}.csv`;
      return fileResponse(exportStream(db, school, input.format), 'text/csv; charset=utf-8', fileName);
    }),
  ];
}
