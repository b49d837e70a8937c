// One argon2id worker of the password pool (server/domain/password-pool.ts). Plain JavaScript so
// it loads the same under `node --import tsx`, Vitest and any future build. It lowers its own
// thread's priority first: on Linux setpriority(PRIO_PROCESS, 0) applies to the calling thread
// only, so hashing takes every idle core but the main thread (every other request) preempts it.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

const niceness = typeof workerData?.niceness === 'number' ? workerData.niceness : 19;
let lowered = false;
try {
  setPriority(0, niceness);
  lowered = true;
} catch {
  // Not allowed or not supported: the pool still bounds concurrency.
}
parentPort?.postMessage({ ready: true, lowered });

parentPort?.on('message', (job) => {
  try {
    const result = job.op === 'hash' ? hashSync(job.password) : verifySync(job.hash, job.password);
    parentPort?.postMessage({ id: job.id, ok: true, result });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
