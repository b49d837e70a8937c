import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { toMail, type LatestOptions, type Mail, type Mailbox, type OutboxMessage } from './e2e-mail.ts';

export { extractLinks, toMail, uniqueEmail, uniqueLoginId, uniquePassword, type Mail, type Mailbox, type OutboxMessage } from './e2e-mail.ts';

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
        { message: `a message to ${to}${options.subject ? ` with subject ${options.subject}` : ''}`, timeout: options.timeout ?? 10_000 },
      )
      .toBe(true);
    return toMail(found as OutboxMessage);
  };
  return { list, latest };
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

export const test = base.extend<{ mailbox: Mailbox; axe: () => Promise<void> }>({
  mailbox: async ({ request }, use) => {
    await use(createMailbox(request));
  },
  axe: async ({ page }, use) => {
    await use(() => expectNoAxeViolations(page));
  },
});

export { expect };
