import * as calls from '../../contract/calls/my-data.ts';
import { downloadMyData } from '../domain/my-data.ts';
import { requireRecentProof } from '../domain/step-up.ts';
import { fileResponse, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** My data (contract/calls/my-data.ts): the account's data file, made whole before the first byte. */
export function myDataRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  return [
    // A fresh proof of this session first (docs/decisions/step-up.md): 403 stepUpRequired otherwise.
    route(calls.download, async (c) => {
      const now = deps.clock.now();
      await requireRecentProof(db, c.var.session.idHash, now);
      const file = await downloadMyData(db, {
        userId: c.var.session.account.id,
        userAgent: c.req.header('user-agent') ?? null,
        settings: { supportEmail: deps.config.supportEmail, publicUrl: deps.config.publicUrl },
        now,
      });
      return fileResponse(new Uint8Array(file.bytes), 'application/zip', file.fileName);
    }),
  ];
}
