import { writeSync } from 'node:fs';

/**
 * One JSON line per event. Callers pass only what is safe to keep: never request bodies,
 * passwords, tokens, codes, cookies, email addresses or login IDs. As a second line of defence the
 * logger blanks fields named like a secret and masks anything shaped like an email address (an
 * SMTP server's refusal quotes the recipient) in every string it writes, stacks included.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Field names whose values are never written, whatever they hold. */
const SECRET_FIELD = /pass(word)?|secret|token|cookie|otp|authorization|^(login(Id|Email)?|email|recipient|to)$/i;
const EMAIL_ADDRESS = /[^\s<>()[\]{}"',;:@]+@[^\s<>()[\]{}"',;:@]+\.[A-Za-z]{2,}/g;
export const REDACTED = '[redacted]';
export const MASKED_EMAIL = '<email>';

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.includes('@') ? value.replace(EMAIL_ADDRESS, MASKED_EMAIL) : value;
  if (value === null || typeof value !== 'object' || depth > 3) return value;
  if (Array.isArray(value)) return value.map((item) => clean(item, depth + 1));
  if (value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_FIELD.test(key) ? REDACTED : clean(item, depth + 1);
  return out;
}

/**
 * Standard output, written once per turn of the event loop: one request's line costs an array push,
 * not a system call (a pipe to a log collector is written synchronously). What is still buffered
 * when the process exits is written then.
 */
function bufferedStdout(): (line: string) => void {
  let buffer: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (buffer.length === 0) return;
    const text = `${buffer.join('\n')}\n`;
    buffer = [];
    process.stdout.write(text);
  };
  process.once('exit', () => {
    if (buffer.length > 0) writeSync(1, `${buffer.join('\n')}\n`);
    buffer = [];
  });
  return (line) => {
    buffer.push(line);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

export function createLogger(write: (line: string) => void = bufferedStdout()): Logger {
  const emit = (level: string, message: string, fields?: Record<string, unknown>) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...(fields ? (clean(fields, 0) as Record<string, unknown>) : {}) }));
  return {
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** An error's name, message and stack, without any attached request data. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.name, detail: error.message, stack: error.stack };
  return { error: String(error) };
}
