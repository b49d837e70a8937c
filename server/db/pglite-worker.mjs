// The embedded database's thread (issue 21; docs/decisions/server.md, "PGlite off the main
// thread"): PGlite runs every protocol message synchronously (`execProtocolRawSync`), so it runs
// here, in a worker thread owned by server/db/pglite-thread.ts, and the main thread only posts
// statements and receives rows. Plain JavaScript, like the password worker, so it loads the same
// under Vitest, tsx and the server bundle (scripts/build-server.mjs copies it beside main.mjs).
//
// Messages in: { id, op, ... } with op one of open, query, exec, begin, commit, rollback, dump,
// steps, resetSteps, close; out: { id, ok: true, result } or { id, ok: false, error } for each, in
// the order they came. A thread whose database closed can open another (the main thread keeps one
// idle thread for the next open: the specs open dozens of databases, and a new thread starts cold).
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** How long PGlite's steps held this thread (the figures `readPgliteSteps` gathers). */
const steps = { maxMs: 0, maxStatement: '', count: 0, totalMs: 0, over20Ms: 0 };

function resetSteps() {
  Object.assign(steps, { maxMs: 0, maxStatement: '', count: 0, totalMs: 0, over20Ms: 0 });
}

/** The statement text of the first Parse ('P') or Query ('Q') message in a protocol buffer, shortened. */
function statementOf(message) {
  const type = message[0];
  if (type !== 0x50 && type !== 0x51) return '';
  let at = 5;
  if (type === 0x50) {
    while (at < message.length && message[at] !== 0) at++;
    at++;
  }
  let end = at;
  while (end < message.length && message[end] !== 0 && end - at < 120) end++;
  return Buffer.from(message.subarray(at, end)).toString('utf8').replace(/\s+/g, ' ');
}

function timeSteps(pglite) {
  const step = pglite.execProtocolRawSync.bind(pglite);
  // The extended protocol sends Parse, then Bind/Execute/Sync in later steps: a step is put down to
  // the last statement parsed (kept as bytes, decoded only for a new longest step).
  let lastStatement = new Uint8Array(0);
  pglite.execProtocolRawSync = (message) => {
    if (message[0] === 0x50 || message[0] === 0x51) lastStatement = message;
    const started = performance.now();
    try {
      return step(message);
    } finally {
      const ms = performance.now() - started;
      steps.count++;
      steps.totalMs += ms;
      if (ms > 20) steps.over20Ms++;
      if (ms > steps.maxMs) {
        steps.maxMs = ms;
        steps.maxStatement = statementOf(lastStatement);
      }
    }
  };
}

/** An error as plain fields: PostgreSQL's (code, constraint, detail…) survive the thread boundary. */
function plainError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const plain = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value)) plain[key] = value;
  }
  return plain;
}

/** The thread's database: one at a time; a thread whose database closed may open the next one. */
let pglite = null;

async function open({ dataDir, initialData, startParams, wasmModule, fsBundle }) {
  if (pglite) throw new Error('this thread already has a database open');
  // The module compiled and the bundle read once by the main thread (server/db/pglite-thread.ts).
  const options = { startParams, pgliteWasmModule: wasmModule, fsBundle: new Blob([new Uint8Array(fsBundle)]) };
  const opened = dataDir
    ? new PGlite(dataDir, options)
    : initialData
      ? new PGlite({ ...options, loadDataDir: new Blob([new Uint8Array(initialData)]) })
      : new PGlite(options);
  await opened.waitReady;
  timeSteps(opened);
  resetSteps();
  pglite = opened;
  return null;
}

async function close() {
  const closing = pglite;
  pglite = null;
  transaction = null;
  if (closing && !closing.closed) await closing.close();
  return null;
}

/** The open transaction: PGlite's own `transaction`, held open until commit or rollback arrives. */
let transaction = null;

function begin(pglite) {
  return new Promise((begun, failed) => {
    const state = { tx: null, finish: null, closed: null };
    const outcome = new Promise((commit, rollback) => (state.finish = { commit, rollback }));
    state.closed = pglite.transaction(async (tx) => {
      state.tx = tx;
      transaction = state;
      begun(null);
      await outcome;
    });
    // A BEGIN that fails never reaches the callback: its failure is the answer.
    state.closed.catch((error) => {
      if (!state.tx) failed(error);
    });
  });
}

async function end(commit) {
  const current = transaction;
  transaction = null;
  // A ROLLBACK after a failed COMMIT (Kysely sends one) has nothing left to do.
  if (!current && !commit) return null;
  if (!current) throw new Error('no transaction to commit');
  if (commit) {
    current.finish.commit();
    await current.closed;
  } else {
    current.finish.rollback(new Error('rolled back'));
    await current.closed.catch(() => {});
  }
  return null;
}

async function run(message) {
  if (message.op === 'open') return open(message);
  if (message.op === 'close') return close();
  if (!pglite) throw new Error('no database is open on this thread');
  const target = transaction ? transaction.tx : pglite;
  switch (message.op) {
    case 'query': {
      const result = await target.query(message.sql, message.params, { rowMode: 'object' });
      return { rows: result.rows ?? [], affectedRows: result.affectedRows ?? null };
    }
    case 'exec':
      await target.exec(message.sql);
      return null;
    case 'begin':
      return begin(pglite);
    case 'commit':
      return end(true);
    case 'rollback':
      return end(false);
    case 'dump': {
      const tar = await pglite.dumpDataDir('none');
      return tar.arrayBuffer();
    }
    case 'steps':
      return { ...steps };
    case 'resetSteps':
      resetSteps();
      return null;
    default:
      throw new Error(`unknown message ${message.op}`);
  }
}

// One message at a time, in the order they came: an answer never overtakes an earlier one.
let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(() =>
    run(message).then(
      (result) => parentPort.postMessage({ id: message.id, ok: true, result }, result instanceof ArrayBuffer ? [result] : []),
      (error) => parentPort.postMessage({ id: message.id, ok: false, error: plainError(error) }),
    ),
  );
});
