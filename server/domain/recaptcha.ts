import { DomainError } from './errors.ts';

/** True when the widget's token proves a person; never throws. */
export type RecaptchaVerifier = (token: string, remoteIp?: string) => Promise<boolean>;

export const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaOptions {
  /** RECAPTCHA_SECRET; null (development only) accepts any non-empty token from the local stand-in. */
  secret: string | null;
  /** The site's host name; Google's answer must name it when given. */
  expectedHostname?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  onProblem?: (problem: string) => void;
}

export function createRecaptchaVerifier(options: RecaptchaOptions): RecaptchaVerifier {
  const { secret } = options;
  if (secret === null) return async (token) => token.length > 0;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  return async (token, remoteIp) => {
    if (!token) return false;
    const form = new URLSearchParams({ secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    try {
      const response = await doFetch(SITEVERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        options.onProblem?.(`siteverify answered HTTP ${response.status}`);
        return false;
      }
      const body = (await response.json()) as { success?: unknown; hostname?: unknown; 'error-codes'?: unknown };
      if (body.success !== true) return false;
      if (options.expectedHostname && typeof body.hostname === 'string' && body.hostname !== options.expectedHostname) return false;
      return true;
    } catch (error) {
      options.onProblem?.(`siteverify unreachable: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  };
}

export async function assertHuman(verify: RecaptchaVerifier, token: string, remoteIp?: string): Promise<void> {
  if (!(await verify(token, remoteIp))) throw new DomainError('recaptchaFailed', { fields: [{ field: 'recaptcha', rule: 'recaptcha' }] });
}
