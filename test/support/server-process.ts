/**
 * Real server processes for the specs that need more than one (test/server/instances.test.ts):
 * the server as `npm start` runs it (the bundle of scripts/build-server.mjs) in a child process,
 * a local SMTP sink its outbox worker delivers to, and an HTTP client that speaks to a process
 * over real sockets.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../scripts/build-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** One message the sink accepted: its envelope and the raw message (headers and body). */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A minimal SMTP server (RFC 5321's commands nodemailer sends, no TLS, no authentication) that
 * keeps every message in memory. smtp-server would do, but is not a dependency; this is all a
 * delivery count needs.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP test sink');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.startsWith('.\r\n') ? 0 : buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = end === 0 ? '' : buffer.slice(0, end);
          buffer = buffer.slice(end === 0 ? 3 : end + 5);
          inData = false;
          messages.push({ ...envelope, data: data.replace(/^\.\./gm, '.') });
          envelope = { from: '', to: [] };
          reply('250 2.0.0 queued');
          continue;
        }
        const at = buffer.indexOf('\r\n');
        if (at < 0) return;
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink.test\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE 10485760');
        else if (verb === 'HELO') reply('250 sink.test');
        else if (verb === 'MAIL') {
          envelope = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [] };
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          envelope = { from: '', to: [] };
          reply('250 2.0.0 ok');
        } else if (verb === 'NOOP') reply('250 2.0.0 ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let serverEntry: Promise<string> | null = null;

export interface ServerProcess {
  readonly name: string;
  /** The port it listens on (kept across restarts). */
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything it wrote to stdout and stderr, since its first start. */
  output(): string;
  /** Its JSON log lines (stdout), parsed. */
  logLines(): Array<Record<string, unknown>>;
  /** Sends SIGTERM and waits for the exit; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts it again on the same port with the same settings. */
  start(): Promise<void>;
}

export interface ServerProcessOptions {
  name: string;
  env: Record<string, string>;
  /** 0 (the default): any free port, kept for later restarts. */
  port?: number;
  /** How long to wait for "listening" (default 120 s: a start on a starved shared machine took over 60 s). */
  startTimeoutMs?: number;
}

/**
 * Starts `node <bundle>` with the given environment (NODE_ENV=development, no static files, the
 * password hashes at normal priority unless `env` says otherwise) and resolves once it listens.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  serverEntry ??= buildServer();
  const entry = await serverEntry;
  let port = options.port ?? 0;
  let output = '';
  let child: ChildProcess;
  let exited: Promise<number | null> = Promise.resolve(null);

  const launch = () =>
    new Promise<void>((resolve, reject) => {
      child = spawn(process.execPath, ['--enable-source-maps', entry], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          STATIC_DIR: join(tmpdir(), 'portal-instances-no-static'),
          PASSWORD_NICENESS: '0',
          ...options.env,
          PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const startedAt = output.length;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${options.name} did not start within ${options.startTimeoutMs ?? 120_000} ms:\n${output.slice(startedAt)}`));
      }, options.startTimeoutMs ?? 120_000);
      child.stdout?.setEncoding('utf8');
      child.stderr?.setEncoding('utf8');
      child.stdout?.on('data', (chunk: string) => {
        output += chunk;
        const match = /listening on http:\/\/localhost:(\d+)/.exec(output.slice(startedAt));
        if (match) {
          clearTimeout(timer);
          port = Number(match[1]);
          resolve();
        }
      });
      child.stderr?.on('data', (chunk: string) => (output += chunk));
      exited = new Promise((done) =>
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`${options.name} exited with ${code} before listening:\n${output.slice(startedAt)}`));
          done(code);
        }),
      );
    });

  await launch();
  return {
    name: options.name,
    get port() {
      return port;
    },
    get child() {
      return child;
    },
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.kill(signal);
      const code = await exited;
      clearTimeout(killer);
      return code;
    },
    start: launch,
  };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body, or undefined. */
  body: any;
  /** `portal_session=…` when the answer set it, '' when it cleared it, undefined when untouched. */
  cookie: string | undefined;
}

export interface SendOptions {
  cookie?: string | undefined;
  json?: unknown;
  headers?: Record<string, string>;
  /** Keep-alive connections to reuse; default: a new connection. */
  agent?: http.Agent;
}

/** One HTTP request to 127.0.0.1:`port`, as a browser at `origin` would send it. */
export function send(port: number, origin: string, method: string, path: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const headers: Record<string, string> = { origin, host: new URL(origin).host, ...options.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.cookie) headers.cookie = options.cookie;
    const request = http.request({ host: '127.0.0.1', port, method, path, headers, agent: options.agent ?? false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('error', reject);
      response.on('end', () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const setCookie = (response.headers['set-cookie'] ?? []).find((c) => c.startsWith('portal_session='));
        const value = setCookie?.split(';')[0];
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text,
          body: parsed,
          cookie: value === undefined ? undefined : value === 'portal_session=' ? '' : value,
        });
      });
    });
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      // What a proxy needs to know to retry elsewhere: refused (nothing sent), or a reused
      // keep-alive connection closed before any answer (Node's documented retry case).
      Object.assign(error, { reusedSocket: request.reusedSocket });
      reject(error);
    });
    request.end(body);
  });
}
