/**
 * `npm run outbox -- list | retry <id>… | retry --all`: the outbox for operators. Emails still
 * undelivered 24 hours after their retries began are marked failed by the worker (never retried
 * again by themselves); this lists them with their last error and puts them back in the queue
 * (docs/decisions/hardening.md). It opens the database the portal is configured with
 * (DATABASE_URL, else the embedded one in DATA_DIR). The embedded database takes one process at
 * a time: stop the portal first, or run it on PostgreSQL.
 */
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { outboxCommand } from '../server/mail/outbox-admin.ts';

const config = loadConfig(process.env);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const { lines, exitCode } = await outboxCommand(database.db, process.argv.slice(2), new Date());
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exitCode = exitCode;
} finally {
  await database.close();
}
