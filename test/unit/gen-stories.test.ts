import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { machineModels } from '../../machines/index.ts';
import { exportName, generate, generateEmails, kebab, registeredFlows, storyFile } from '../../scripts/gen-stories.ts';
import { EMAIL_TITLES } from '../../stories/emails/email-titles.ts';
import { eventLabel, layoutCharts, layoutMachine, MAX_CHART_WIDTH, type Box } from '../../stories/support/statechart-layout.ts';
import { stateStoryIds } from '../../stories/support/story-ids.ts';
import { SCREENS, SECTIONS, humanise, namedTitle, screenOf, stateTitle, statechartName } from '../../stories/support/screens.ts';
import { LANGUAGES } from '../../contract/languages.ts';
import { reachableStates, shortestPathTo } from '../../test/support/graph.ts';
import { viewModels } from '../../test/view/models/index.ts';
import { viewSteps } from '../../test/view/support/describe.ts';

describe('story generation', () => {
  it('names story files after the machine in kebab case', () => {
    expect(kebab('passwordLogin')).toBe('password-login');
    expect(kebab('changePassword')).toBe('change-password');
  });

  it('turns state paths into distinct, valid export names', () => {
    const taken = new Set<string>();
    expect(exportName('editing.loginFailed', taken)).toBe('EditingLoginFailed');
    expect(exportName('editing.login-failed', taken)).toBe('EditingLoginFailed2');
    expect(exportName('statechart', taken)).toBe('StatechartState');
    expect(exportName('1st', taken)).toBe('State1st');
  });

  it('reads the registered flows from stories/flows.tsx without running it', () => {
    const source = [
      "import { flow } from './support/machine-stories.tsx';",
      'export const FLOWS = {',
      '  passwordLogin: flow(machineModels.passwordLogin, PasswordLoginView),',
      "  'changePassword': flow(machineModels.changePassword, ChangePasswordView),",
      '} satisfies Record<string, unknown>;',
    ].join('\n');
    expect(registeredFlows(source)).toEqual(['passwordLogin', 'changePassword']);
    expect(registeredFlows('export const FLOWS = {};')).toEqual([]);
  });

  it('files a flow under its screen and names each state story by its readable title', () => {
    const file = storyFile('passwordLogin', ['editing.idle', 'done']);
    expect(file).toContain("export default { title: 'Log in/Log in', ...stories.meta } satisfies Meta;");
    expect(file).toContain("export const EditingIdle: StoryObj = { ...stories.state('editing.idle'), name: 'Sign-in form' };");
    expect(file).toContain("export const Done: StoryObj = { ...stories.state('done'), name: 'Signed in' };");
    expect(file).toContain('machineStories(FLOWS.passwordLogin)');
  });

  it('humanises the path of a state the table does not name, and files an unknown machine under Machines', () => {
    expect(humanise('ready.confirming.acceptAndGrantAdmin')).toBe('Ready › confirming › accept and grant admin');
    expect(stateTitle('passwordLogin', 'no.such.state')).toBe('No › such › state');
    expect(screenOf('noSuchMachine')).toBe('Machines/noSuchMachine');
  });

  it('titles a refusal state the flow does not name by its code\'s message, without a reference number', () => {
    expect(SCREENS.familyJoin?.states['editing.full']).toBeUndefined();
    expect(stateTitle('familyJoin', 'editing.full')).toBe('The family reaches its full capacity');
    expect(stateTitle('mfaLogin', 'editing.notUsable')).toBe('This email address cannot receive email');
    // Reached by the form's own check too, so no refusal: named by the flow.
    expect(stateTitle('familyJoin', 'editing.invalid')).toBe('Form with field errors');
  });

  it('has a screen and a distinct readable title for every reachable state of every registered flow', () => {
    const flows = registeredFlows(readFileSync(new URL('../../stories/flows.gen.tsx', import.meta.url), 'utf8'));
    const missing: string[] = [];
    for (const name of flows) {
      const screen = SCREENS[name];
      if (!screen) {
        missing.push(`${name}: no screen`);
        continue;
      }
      const root = machineModels[name as keyof typeof machineModels].machine.root.id;
      const states = reachableStates(machineModels[name as keyof typeof machineModels]).map((id) => id.slice(root.length + 1));
      for (const state of states) if (namedTitle(name, state) === undefined) missing.push(`${name}: ${state}`);
      for (const state of Object.keys(screen.states)) if (!states.includes(state)) missing.push(`${name}: ${state} is titled but not reachable`);
      const titles = states.map((state) => stateTitle(name, state));
      expect(new Set(titles).size, `${name} repeats a title`).toBe(titles.length);
      expect(SECTIONS as readonly string[], `${name}'s section`).toContain(screen.screen.split('/')[0]);
    }
    expect(missing).toEqual([]);
    // Finding every reachable state walks every flow's graph: seconds on a busy 2-core machine.
  }, 60_000);

  it('sorts the sidebar by the sections of the screens table', () => {
    const preview = readFileSync(new URL('../../.storybook/preview.tsx', import.meta.url), 'utf8');
    expect(preview).toContain(`storySort: { order: [${SECTIONS.map((section) => `'${section}'`).join(', ')}] }`);
  });

  it('gives every machine at least its statechart, and refuses flows for machines that do not exist', () => {
    const files = generate('export const FLOWS = {};');
    expect(files.map((f) => f.file).sort()).toEqual(Object.keys(machineModels).map((name) => `${kebab(name)}.stories.tsx`).sort());
    for (const f of files) expect(f.content).toContain('export const Statechart');
    expect(() => generate('export const FLOWS = { noSuchMachine: 1 };')).toThrow(/noSuchMachine/);
  });

  it('lists every reachable leaf state of a registered machine', () => {
    const [name] = Object.keys(machineModels);
    const files = generate(`export const FLOWS = { ${name}: 1 };`);
    const own = files.find((f) => f.content.includes(`FLOWS.${name}`));
    expect(own?.content.match(/stories\.state\(/g)?.length ?? 0).toBeGreaterThan(1);
  });
});

describe('how to get here', () => {
  // Beside the titles test: the same shortest paths, computed once per file.
  it('names every reachable state of every flow with a view model in gestures, in all three languages', () => {
    let states = 0;
    for (const [name, viewModel] of Object.entries(viewModels)) {
      const model = machineModels[name as keyof typeof machineModels];
      const root = model.machine.root.id;
      for (const id of reachableStates(model)) {
        const path = shortestPathTo(model, id);
        for (const lang of LANGUAGES) {
          const steps = viewSteps(viewModel, path, lang);
          expect(steps).toHaveLength(path.steps.length);
          for (const step of steps) expect(step.gesture, `${name} ${id.slice(root.length + 1)} (${lang})`).not.toMatch(/\{[a-zA-Z]/);
        }
        states++;
      }
    }
    expect(states).toBeGreaterThan(300);
  }, 60_000);

});

describe('statechart layout', () => {
  it('names actor results and delays the way testers say them', () => {
    expect(eventLabel('xstate.done.actor.login')).toBe('login done');
    expect(eventLabel('xstate.error.actor.login')).toBe('login error');
    expect(eventLabel('xstate.after.resendDelay.otp.waiting')).toBe('after resendDelay');
    expect(eventLabel('form.submit')).toBe('form.submit');
  });

  it('lays out parallel regions side by side and loops targetless transitions on their state', () => {
    const machine = setup({ actors: { tick: fromPromise(async () => 1) } }).createMachine({
      id: 'p',
      type: 'parallel',
      states: {
        left: { initial: 'a', states: { a: { on: { go: 'b', stay: {} } }, b: {} } },
        right: { initial: 'c', states: { c: {} } },
      },
    });
    const chart = layoutMachine(machine);
    const [left, right] = chart.root.children;
    expect(chart.root.kind).toBe('parallel');
    expect(right!.x).toBeGreaterThanOrEqual(left!.x + left!.width);
    const loop = chart.edges.find((edge) => edge.label === 'stay');
    expect(loop).toMatchObject({ source: 'p.left.a', target: 'p.left.a' });
    expect(chart.edges.find((edge) => edge.label === 'go')).toMatchObject({ source: 'p.left.a', target: 'p.left.b' });
    expect(chart.width).toBeGreaterThan(right!.x + right!.width);
  });

  it('draws a large machine as one chart per part: the machine with its compound states collapsed, then each of them', () => {
    const model = machineModels.familyDetails;
    const whole = layoutMachine(model.machine);
    expect(whole.width).toBeGreaterThan(MAX_CHART_WIDTH);
    const charts = layoutCharts(model.machine);
    expect(charts.length).toBeGreaterThan(1);
    const [overview, ...parts] = charts;
    expect(overview!.of).toBe(model.machine.root.id);
    const collapsed = overview!.root.children.filter((box) => box.collapsed);
    expect(collapsed.length).toBeGreaterThan(0);
    // Every collapsed box has a chart of its own, and each chart's transitions stay inside it.
    for (const box of collapsed) expect(parts.map((chart) => chart.of)).toContain(box.id);
    for (const chart of charts) for (const edge of chart.edges) expect([edge.source, edge.target].every((id) => id === chart.of || id.startsWith(`${chart.of}.`))).toBe(true);
    // Every state of the machine is drawn in some chart.
    const drawn = new Set<string>();
    const walk = (box: Box) => {
      drawn.add(box.id);
      box.children.forEach(walk);
    };
    charts.forEach((chart) => walk(chart.root));
    for (const id of reachableStates(model)) expect(drawn).toContain(id);
    // A small machine stays one chart.
    expect(layoutCharts(machineModels.changePassword.machine)).toHaveLength(1);
  });

  it("links states to the ids Storybook gives the generated stories", () => {
    const ids = stateStoryIds('Log in/Log in', ['editing.idle', 'editing.loginFailed', 'done']);
    expect(ids.get('editing.idle')).toBe('log-in-log-in--editing-idle');
    expect(ids.get('editing.loginFailed')).toBe('log-in-log-in--editing-login-failed');
  });
});

describe('email story generation', () => {
  it('files each email under Emails › <its title>, one story per language named in that language, all written out for the indexer', () => {
    const files = generateEmails();
    expect(files).toHaveLength(Object.keys(EMAIL_TITLES).length);
    const otp = files.find((file) => file.file === 'emails/otp.stories.tsx');
    expect(otp?.content).toContain(`export default { title: 'Emails/${EMAIL_TITLES.otp}',`);
    for (const name of ['繁體中文', 'English', '简体中文']) expect(otp?.content).toContain(`name: '${name}' };`);
    expect(new Set(files.map((file) => file.file)).size).toBe(files.length);
  });
});

describe('Chinese names for search', () => {
  it("writes each screen's section in the app's Chinese words into its Statechart story's name", () => {
    expect(statechartName('familyDetails')).toBe('Statechart · 家庭');
    expect(statechartName('otpLogin')).toContain('一次性密碼');
    expect(storyFile('familyDetails', [])).toContain("export const Statechart: StoryObj = { ...stories.statechart, name: 'Statechart · 家庭' };");
  });
});
