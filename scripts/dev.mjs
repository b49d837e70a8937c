#!/usr/bin/env node
// `npm run dev`: the API server (tsx server/main.ts on PORT, default 3000) and the Vite dev
// server (port 5173, proxying /api, /auth and /dev to the API) side by side. Emailed links point
// at Vite so they open with hot reload. Ctrl-C stops both; if either exits, the other is stopped.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.PORT ?? '3000';
const vitePort = process.env.VITE_PORT ?? '5173';
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const children = [];
let stopping = false;

function prefixLines(name, stream, out) {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => {
    if (buffered) out.write(`[${name}] ${buffered}\n`);
  });
}

function start(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  prefixLines(name, child.stdout, process.stdout);
  prefixLines(name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? code}); stopping the rest`);
      stop(typeof code === 'number' && code !== 0 ? code : 1);
    }
  });
  children.push(child);
  return child;
}

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  // Give both a moment to close their ports, then leave.
  setTimeout(() => process.exit(exitCode), 1500).unref();
  Promise.all(children.map((child) => (child.exitCode !== null || child.signalCode !== null ? null : new Promise((done) => child.once('exit', done))))).then(() =>
    process.exit(exitCode),
  );
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('api', bin('tsx'), ['server/main.ts'], {
  PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}`,
});
start('web', bin('vite'), ['--port', vitePort, '--strictPort'], { API_ORIGIN: `http://localhost:${apiPort}` });
console.log(`[dev] portal on http://localhost:${vitePort} (API on http://localhost:${apiPort})`);
