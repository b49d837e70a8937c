/**
 * Where designers find each machine's states in Storybook: each flow's screen and state titles
 * live beside its view model (`test/view/models/<flow>.screen.ts`, test/view/support/screen.ts),
 * found here by existing; a refusal state without a title there is titled by its code's message.
 * The raw state path stays on each story (its caption and docs), so developers still find it.
 * scripts/gen-stories.ts writes the titles; test/unit/gen-stories.test.ts fails when a reachable
 * state has none; the stories' captions show the same titles.
 */
import { machineModels } from '../../machines/index.ts';
import type { Screen } from '../../test/view/support/screen.ts';
import { refusalTitle } from '../../test/view/support/refusals.ts';

/** Sections in the order a user meets them; Storybook sorts the sidebar by this. */
export const SECTIONS = ['Design system', 'Sign up', 'Log in', 'Profile', 'Family', 'Security', 'School', 'Newsletter', 'App', 'Emails', 'Machines'] as const;

/** The `test/view/models/*.screen.ts` modules: by Vite's glob in the browser (the stories' captions), read from the folder in Node. */
async function screenModules(): Promise<Array<Record<string, unknown>>> {
  if (typeof window !== 'undefined') return Object.values(import.meta.glob<Record<string, unknown>>('../../test/view/models/*.screen.ts', { eager: true }));
  const { readdirSync } = await import('node:fs');
  const models = new URL('../../test/view/models/', import.meta.url);
  const files = readdirSync(models).filter((name) => name.endsWith('.screen.ts')).sort();
  return Promise.all(files.map((file) => import(/* @vite-ignore */ new URL(file, models).href) as Promise<Record<string, unknown>>));
}

async function loadScreens(): Promise<Record<string, Screen>> {
  const screens: Record<string, Screen> = {};
  for (const module of await screenModules()) {
    for (const value of Object.values(module)) {
      const screen = value as Screen;
      if (screens[screen.machine]) throw new Error(`a second screen for ${screen.machine}`);
      screens[screen.machine] = screen;
    }
  }
  return screens;
}

/** Every flow's screen, by machine name. */
export const SCREENS: Readonly<Record<string, Screen>> = await loadScreens();

/** `ready.confirming.kick` → `Ready › confirming › kick`: for a state the table does not name yet. */
export function humanise(path: string): string {
  const words = path
    .split('.')
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase())
    .join(' › ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The sidebar title of a machine's stories: its screen, or `Machines/<id>` when it has none. */
export function screenOf(machine: string): string {
  return SCREENS[machine]?.screen ?? `Machines/${machine}`;
}

/** The title the flow gives a state itself, else its refusal's message (refusal states only). */
export function namedTitle(machine: string, path: string): string | undefined {
  const model = (machineModels as Record<string, { machine: Parameters<typeof refusalTitle>[0] } | undefined>)[machine];
  return SCREENS[machine]?.states[path] ?? (model ? refusalTitle(model.machine, path) : undefined);
}

/** The readable title of a state, falling back to its humanised path. */
export function stateTitle(machine: string, path: string): string {
  return namedTitle(machine, path) ?? humanise(path);
}

/**
 * Each section's name in the app's own Chinese words (locales/zh_hant.json, zh_hans.json), and
 * a few flows' own, written into the name of every screen's Statechart story by
 * scripts/gen-stories.ts: Storybook's search reads names and titles, not tags, so a designer
 * searching 家庭 or 一次性密碼 lands on the screens (issue 24).
 */
export const SECTION_CHINESE: Partial<Record<(typeof SECTIONS)[number], readonly string[]>> = {
  'Sign up': ['登記', '登记'],
  'Log in': ['登入', '登录'],
  Profile: ['個人資料', '个人资料'],
  Family: ['家庭'],
  Security: ['帳戶安全', '账户安全'],
  School: ['學校', '学校'],
  Newsletter: ['電子通訊', '电子通讯'],
};
export const MACHINE_CHINESE: Readonly<Record<string, readonly string[]>> = {
  otpLogin: ['一次性密碼', '一次性密码'],
  loginInfo: ['登入資料', '登录信息'],
};

/** `Statechart · 家庭`: the Statechart story's name with its screen's Chinese names. */
export function statechartName(machine: string): string {
  const section = screenOf(machine).split('/')[0] as (typeof SECTIONS)[number];
  return ['Statechart', ...(SECTION_CHINESE[section] ?? []), ...(MACHINE_CHINESE[machine] ?? [])].join(' · ');
}
