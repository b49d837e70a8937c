import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Language } from '../../contract/languages.ts';
import { toMail, uniqueEmail, uniqueLoginId, uniquePassword, type LatestOptions, type Mail, type Mailbox, type OutboxMessage } from './e2e-mail.ts';

export { uniqueEmail, uniqueLoginId, uniquePassword, type Mailbox } from './e2e-mail.ts';

/** Every seeded demo account has this password (README, server seed). */
export const DEMO_PASSWORD = 'Portal-Demo-2026';

export function createMailbox(request: APIRequestContext): Mailbox {
  const list = async (to: string): Promise<OutboxMessage[]> => {
    const response = await request.get(`/dev/api/outbox?to=${encodeURIComponent(to)}`);
    expect(response.status(), 'GET /dev/api/outbox').toBe(200);
    const body = (await response.json()) as { data: OutboxMessage[] };
    return body.data;
  };
  const latest = async (to: string, options: LatestOptions = {}): Promise<Mail> => {
    const since = options.since === undefined ? null : new Date(options.since).getTime();
    const matches = (message: OutboxMessage) =>
      (!options.subject || options.subject.test(message.subject)) && (since === null || new Date(message.createdAt).getTime() >= since);
    let found: OutboxMessage | undefined;
    await expect
      .poll(
        async () => {
          found = (await list(to)).find(matches);
          return found !== undefined;
        },
        { message: `a message to ${to}${options.subject ? ` with subject ${options.subject}` : ''}`, timeout: options.timeout ?? 20_000 },
      )
      .toBe(true);
    return toMail(found as OutboxMessage);
  };
  return { list, latest };
}

/** A person a journey registered for itself, signed in in a browser context of their own. */
export interface RegisteredPerson {
  loginId: string;
  email: string;
  password: string;
  context: BrowserContext;
  page: Page;
  /** The person's API session (the context's cookies), for setting a scene quickly. */
  request: APIRequestContext;
}

/** The reCAPTCHA stand-in's token outside production. */
export const ROBOT_TOKEN = 'e2e-stand-in';

/**
 * Registers a new PUBLIC account through the API and activates it from its emailed link, which
 * signs it in: each journey gets people of its own, so parallel journeys never share a family,
 * a nickname, an address or a hold. `prepare` runs on the new context before anything loads.
 */
export async function registerPerson(
  browser: Browser,
  mailbox: Mailbox,
  lang: Language,
  prefix: string,
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<RegisteredPerson> {
  const baseURL = base.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL, locale: lang === 'en' ? 'en-GB' : lang === 'zh_hant' ? 'zh-HK' : 'zh-CN' });
  await prepare?.(context);
  const person = { loginId: uniqueLoginId(prefix), email: uniqueEmail(prefix), password: uniquePassword() };
  const since = new Date();
  const registered = await context.request.post('/api/users/register', {
    data: { loginId: person.loginId, email: person.email, displayName: `E2E ${prefix}`, acceptTerms: true, recaptcha: ROBOT_TOKEN, lang },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const link = (await mailbox.latest(person.email, { since })).link(/\/user-activate\?code=/);
  const code = new URL(link, 'http://x').searchParams.get('code');
  // Activation signs the new account in: the context now holds its session.
  const activated = await context.request.post('/api/user-activate', { data: { encryptCode: code, newPassword: person.password, confirmNewPassword: person.password } });
  expect(activated.status(), await activated.text()).toBe(200);
  return { ...person, context, page: await context.newPage(), request: context.request };
}

/**
 * Fails the test with a readable list when axe finds violations on the page (WCAG 2.1 AA).
 * `exclude` takes selectors of third-party widgets the page does not own.
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const readable = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(readable, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Signs in through the login page as a person would (login ID or login email, and password), and
 * waits until the browser has left the login page.
 */
export async function login(page: Page, loginId: string, options: { password?: string; lang?: string } = {}): Promise<void> {
  await page.goto(`/${options.lang ?? 'en'}/login`);
  await page.locator('input[name="loginId"]').fill(loginId);
  await page.locator('input[name="password"]').fill(options.password ?? DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login(?:[?#]|$)/);
}

/**
 * Signs a school administrator in whose two-factor email is already set (demo_ssoadmin1,
 * demo_orgadmin1): the password, then the emailed two-factor link followed on another device;
 * the waiting tab signs in and lands on `to` (a path under /<lang>/).
 */
export async function signInWithSecondFactor(
  page: Page,
  browser: Browser,
  mailbox: Mailbox,
  account: { loginId: string; mfaEmail: string },
  to: string,
): Promise<void> {
  const since = new Date();
  const lang = to.split('/')[1] ?? 'en';
  await page.goto(`/${lang}/login?redirect=${encodeURIComponent(to)}`);
  await page.locator('input[name="loginId"]').fill(account.loginId);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/mfa-login`));
  const link = (await mailbox.latest(account.mfaEmail, { since })).link(/\/login-emails\/mfa-verify\?code=/);
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await other.close();
  }
  await expect(page).toHaveURL(new RegExp(`${to}$`), { timeout: 20_000 });
}

const catalogues = new Map<string, Record<string, string>>();

/**
 * A message of the app in a language, by id, with `{name}` placeholders filled: journeys find
 * buttons and notices by what a person reads in that language, not by wording copied into tests.
 * ICU plurals and selects are not expanded: use it for plain messages.
 */
export function message(lang: string, id: string, values: Record<string, string | number> = {}): string {
  let catalogue = catalogues.get(lang);
  if (!catalogue) {
    catalogue = JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;
    catalogues.set(lang, catalogue);
  }
  const text = catalogue[id];
  if (text === undefined) throw new Error(`locales/${lang}.json has no message "${id}"`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The path and query of the page, for asserting redirects. */
export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Opens `path` and expects the page titled `title` (its one h1) at `landing` (path and query): where a link leads. */
export async function expectLanding(page: Page, path: string, title: string, landing: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(pathAndQuery(page)).toBe(landing);
}

/** Where the journeys write the states their machines passed through (read by `npm run coverage:machines`). */
export const JOURNEY_STATES_DIR = '.tmp/journey-states';

/**
 * Records the states the app's machines pass through in every browser context of the journey
 * (the journeys' build reports them through `__recordStates`: src/shell/record-states.ts) and
 * writes them to JOURNEY_STATES_DIR, one file per test: machine id → state node paths.
 */
async function recordStates(browser: Browser, context: BrowserContext, use: () => Promise<void>, name: string): Promise<void> {
  const reached = new Map<string, Set<string>>();
  const listen = (target: BrowserContext) =>
    target.exposeBinding('__recordStates', (_source, machine: string, states: string[]) => {
      const seen = reached.get(machine) ?? new Set<string>();
      for (const state of states) seen.add(state);
      reached.set(machine, seen);
    });
  await listen(context);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const created = await newContext(...args);
    await listen(created);
    return created;
  };
  try {
    await use();
  } finally {
    browser.newContext = newContext;
    if (reached.size > 0) {
      mkdirSync(JOURNEY_STATES_DIR, { recursive: true });
      writeFileSync(`${JOURNEY_STATES_DIR}/${name}.json`, JSON.stringify(Object.fromEntries([...reached].map(([machine, states]) => [machine, [...states].sort()]))));
    }
  }
}

export const test = base.extend<{ mailbox: Mailbox; axe: () => Promise<void>; recordStates: void }>({
  mailbox: async ({ request }, use) => {
    await use(createMailbox(request));
  },
  axe: async ({ page }, use) => {
    await use(() => expectNoAxeViolations(page));
  },
  recordStates: [
    async ({ browser, context }, use, testInfo) => {
      if (process.env.RECORD_STATES !== '1') return use();
      await recordStates(browser, context, () => use(), `${testInfo.workerIndex}-${testInfo.testId}`);
    },
    { auto: true },
  ],
});

export { expect };
