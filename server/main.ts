import { createApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoData } from './db/seed.ts';
import { systemClock, type Deps } from './deps.ts';
import { configurePasswordHashing, preparePasswordChecks } from './domain/passwords.ts';
import { createRecaptchaVerifier } from './domain/recaptcha.ts';
import { backfillNicknameKeys } from './domain/nickname.ts';
import { createLogger, describeError } from './log.ts';
import { createSmtpTransport } from './mail/transport.ts';
import { startOutboxWorker } from './mail/worker.ts';
import { startClosureJob } from './closure-job.ts';
import { startHistoryPurge } from './history-purge.ts';
import { serveApp } from './limits.ts';
import { trackRequests } from './drain.ts';
import { setDraining } from './ops/readiness.ts';
import { startMetricsServer } from './ops/metrics-server.ts';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`The portal cannot start:\n${error.problems.map((p) => `  - ${p}`).join('\n')}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = createLogger();
  const clock = systemClock;
  await configurePasswordHashing({
    mode: config.passwordHashing,
    niceness: config.passwordNiceness,
    ...(config.passwordWorkers > 0 ? { size: config.passwordWorkers } : {}),
  });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const migrations = await migrate(database);
  if (migrations.length > 0) log.info('migrations applied', { count: migrations.length, names: migrations });
  const nicknameKeys = await backfillNicknameKeys(database.db);
  if (nicknameKeys.keyed + nicknameKeys.clashing > 0) log.info('nickname look-alike keys written', nicknameKeys);
  if (!config.production && (await seedDemoData(database.db, clock.now()))) log.info('seeded demo accounts');
  await preparePasswordChecks();

  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
  const worker = transport ? startOutboxWorker({ db: database.db, transport, clock, from: config.mailFrom, log }) : null;
  const historyPurge = startHistoryPurge({ db: database.db, clock, log });
  const closureJob = startClosureJob({ db: database.db, clock, log, settings: { supportEmail: config.supportEmail, publicUrl: config.publicUrl } });

  const recaptcha = createRecaptchaVerifier({
    secret: config.recaptchaSecret,
    expectedHostname: new URL(config.publicUrl).hostname,
    onProblem: (problem) => log.warn('reCAPTCHA verification problem', { problem }),
  });
  const deps: Deps = { config, database, clock, recaptcha, log };
  const app = createApp(deps);
  startMetricsServer({ config, database, log });

  // The adapter's listener with the envelope for requests it cannot read, the parser's refusals
  // answered the same way, and keep-alive longer than clients' (server/limits.ts).
  const server = serveApp(app.fetch, { port: config.port, production: config.production }, (info) => {
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    const mail = transport ? 'SMTP' : 'dev mailbox at /dev/mailbox';
    process.stdout.write(
      `Portal listening on http://localhost:${info.port} (${config.production ? 'production' : 'development'}, ${where}, mail: ${mail})\n`,
    );
  });

  const requests = trackRequests(server);

  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${config.port} is already in use (set PORT to another port)` : error.message;
    process.stderr.write(`The portal failed to start: ${reason}\n`);
    void database.close().finally(() => process.exit(1));
  });

  // Graceful stop (issue 25): readiness answers 503 from now on, the listener takes no new
  // connections, requests in flight finish (at most SHUTDOWN_TIMEOUT_MS) with `Connection: close`,
  // idle keep-alive connections are closed, and the outbox worker gives back the rows it claimed
  // but has not sent; then the database closes and the process exits 0.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    setDraining(true);
    log.info('draining', { signal, timeoutMs: config.shutdownTimeoutMs });
    const [drained] = await Promise.all([requests.drain(config.shutdownTimeoutMs), worker?.stop()]);
    historyPurge.stop();
    closureJob.stop();
    transport?.close();
    await database.close();
    log.info('stopped', { signal, requestsCut: drained.cut });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`The portal failed to start: ${JSON.stringify(describeError(error))}\n`);
  process.exit(1);
});
