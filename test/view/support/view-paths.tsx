import { describe, expect, it } from 'vitest';
import { page, userEvent, type Locator } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createActor, fromPromise, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import type { Language } from '../../../contract/languages.ts';
import { I18nProvider } from '../../../src/i18n/i18n-provider.tsx';
import { loadMessages } from '../../../src/i18n/messages.ts';
import '../../../src/ui/global.css';
import { deferred, type Deferred } from '../../support/deferred.ts';
import { describeEvent, pathTitle, stateLabel, type ModelPath } from '../../support/graph.ts';
import { exactly, within } from './text.ts';
import { viewCoverage, viewPaths } from './view-coverage.ts';
import { evidenceAt, gesturesFor, isUserEvent, type FlowView, type Gesture, type Sight, type ViewModel } from './view-model.ts';

/** How long one sight or one state may take to show: a ceiling for a loaded machine, not a wait. */
const SETTLE = { timeout: 5_000, interval: 20 } as const;

export interface ViewPathOptions {
  lang?: Language;
}

/** The calls of a flow, faked: each invocation waits for the harness to answer it. */
class FakeCalls {
  private readonly open = new Map<string, Deferred<unknown>>();

  /** Child flows (a machine invoked by the flow, as the step-up dialog): they run for real, their dialog on screen. */
  private readonly children = new Set<string>();

  provide(machine: AnyStateMachine): AnyStateMachine {
    for (const [name, logic] of Object.entries(machine.implementations.actors)) if (isMachineLogic(logic)) this.children.add(name);
    const actors = Object.fromEntries(
      Object.keys(machine.implementations.actors).filter((name) => !this.children.has(name)).map((name) => [
        name,
        fromPromise<unknown, unknown>(({ self }) => {
          const call = deferred<unknown>();
          this.open.set(self.id, call);
          return call.promise;
        }),
      ]),
    );
    return machine.provide({ actors });
  }

  /** Settles the faked call the event answers; false for a child flow's end, which the parent is sent as is. */
  answer(event: EventObject): boolean {
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
    const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
    const id = (done ?? failed)?.[1];
    if (id === undefined) throw new Error(`not an actor result: ${event.type}`);
    if (this.children.has(id)) return false;
    const call = this.open.get(id);
    if (!call) throw new Error(`the view never made the call "${id}" the path answers (${describeEvent(event)})`);
    this.open.delete(id);
    if (done) call.resolve((event as EventObject & { output?: unknown }).output);
    else call.reject((event as EventObject & { error?: unknown }).error);
    return true;
  }
}

/**
 * Whether an actor is the step-up dialog's child machine (docs/decisions/step-up.md), which runs
 * for real over the view. Other child machines stay faked: the harness's own tests rely on it.
 */
function isMachineLogic(logic: unknown): boolean {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'config' in logic && (logic as { id?: unknown }).id === 'stepUp';
}

function byName(role: 'button' | 'heading' | 'dialog' | 'radio' | 'checkbox', name: RegExp): Locator {
  return page.getByRole(role, { name }).first();
}

function labelled(label: RegExp): Locator {
  return page.getByLabelText(label).first();
}

/** Asserts one sight in the language on screen; rejects when it does not show in time. */
export async function expectSight(sight: Sight, lang: Language): Promise<void> {
  if ('heading' in sight) return expect.element(byName('heading', exactly(sight.heading, lang)), SETTLE).toBeVisible();
  if ('text' in sight) return expect.element(page.getByText(within(sight.text, lang)).first(), SETTLE).toBeVisible();
  if ('alert' in sight) {
    const live = page.getByRole('alert').or(page.getByRole('status'));
    return expect.element(live.filter({ hasText: within(sight.alert, lang) }).first(), SETTLE).toBeVisible();
  }
  if ('field' in sight) return expect.element(labelled(exactly(sight.field, lang)), SETTLE).toHaveAccessibleDescription(within(sight.error, lang));
  if ('invalid' in sight) return expect.element(labelled(exactly(sight.invalid, lang)), SETTLE).toHaveAttribute('aria-invalid', 'true');
  if ('button' in sight) return expect.element(byName('button', exactly(sight.button, lang)), SETTLE).toBeVisible();
  if ('dialog' in sight) {
    const name = exactly(sight.dialog, lang);
    return expect.element(page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name })).first(), SETTLE).toBeVisible();
  }
  if ('busy' in sight) {
    const text = sight.busy === true ? null : within(sight.busy, lang);
    const selector = text === null ? '[aria-busy="true"], [role="progressbar"]' : '[aria-busy="true"], [role="progressbar"], [role="status"]';
    const shown = () => [...document.querySelectorAll(selector)].some((element) => text === null || text.test(element.textContent ?? ''));
    await expect.poll(shown, SETTLE).toBe(true);
    return;
  }
  return expect.element(page.getByText(within(sight.absent, lang)).first(), SETTLE).not.toBeInTheDocument();
}

async function perform(gesture: Gesture, lang: Language): Promise<void> {
  if ('click' in gesture) {
    const name = exactly(gesture.click, lang);
    return userEvent.click(page.getByRole('button', { name }).or(page.getByRole('link', { name })).first());
  }
  if ('fill' in gesture) {
    const field = labelled(exactly(gesture.fill, lang));
    if (gesture.value === '') return userEvent.clear(field);
    // Typing what the field already holds changes nothing in a browser: a user retypes it.
    if ((field.element() as HTMLInputElement).value === gesture.value) await userEvent.clear(field);
    return userEvent.fill(field, gesture.value);
  }
  if ('choose' in gesture) return userEvent.click(byName('radio', exactly(gesture.choose, lang)));
  if ('check' in gesture) {
    const box = byName('checkbox', exactly(gesture.check, lang));
    const want = gesture.checked ?? true;
    if ((box.element() as HTMLInputElement).checked !== want) await userEvent.click(box);
    return;
  }
  if ('toggle' in gesture) return userEvent.click(byName('checkbox', exactly(gesture.toggle, lang)));
  if ('select' in gesture) {
    const select = labelled(exactly(gesture.select, lang)).element() as HTMLSelectElement;
    const option = [...select.options].find((o) => exactly(gesture.option, lang).test(o.textContent ?? ''));
    if (!option) throw new Error(`no option ${String(gesture.option)}`);
    return userEvent.selectOptions(select, option.value);
  }
  if ('upload' in gesture) {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return userEvent.upload(labelled(exactly(gesture.upload, lang)), new File([png], gesture.file, { type: 'image/png' }));
  }
  return userEvent.keyboard(`{${gesture.press}}`);
}

function valueOf(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ status: snapshot.status, value: snapshot.value });
}

/** What a run of a path showed: the state labels asserted, one per step. */
export interface ViewRun {
  asserted: string[];
}

/**
 * Replays one path on the real view: renders it on a fresh actor whose calls are faked, then for
 * each step performs the user's gestures (user events), answers the pending call (actor results)
 * or sends the event as is (timers), and checks that the actor reached the state the graph says
 * and that the state's evidence is on screen. Rejects at the first step that does not hold.
 */
export async function runViewPath(viewModel: ViewModel, View: FlowView, path: ModelPath, options: ViewPathOptions = {}): Promise<ViewRun> {
  const lang = options.lang ?? 'en';
  const { model } = viewModel;
  const calls = new FakeCalls();
  const actor: AnyActorRef = createActor(calls.provide(model.machine), { input: model.input });
  const errors: unknown[] = [];
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  const messages = await loadMessages(lang);
  const screen = await render(
    <I18nProvider lang={lang} messages={messages}>
      <View actor={actor} />
    </I18nProvider>,
  );
  const asserted: string[] = [];
  try {
    for (const [index, step] of path.steps.entries()) {
      const where = index === 0 ? 'at the start' : `at step ${index} (${describeEvent(step.event)})`;
      try {
        if (index > 0) {
          if (step.event.type.startsWith('xstate.done.actor.') || step.event.type.startsWith('xstate.error.actor.')) {
            if (!calls.answer(step.event)) actor.send(step.event);
          }
          else {
            const gestures = isUserEvent(step.event, viewModel) ? gesturesFor(viewModel, step.event, path.steps[index - 1]!.state) : null;
            if (gestures === null) actor.send(step.event);
            else for (const gesture of gestures) await perform(gesture, lang);
          }
        }
        const expected = valueOf(step.state);
        await expect.poll(() => valueOf(actor.getSnapshot() as AnyMachineSnapshot), SETTLE).toBe(expected);
        if (errors.length > 0) throw errors[0];
        const { entries, missing } = evidenceAt(viewModel, step.state);
        if (missing.length > 0) throw new Error(`the view model gives no evidence for ${missing.join(', ')}`);
        for (const [, evidence] of entries) for (const sight of evidence) await expectSight(sight, lang);
        asserted.push(stateLabel(step.state));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${model.name} ${where}, expecting ${stateLabel(step.state)}: ${reason}`, { cause: error });
      }
    }
  } finally {
    await screen.unmount();
    actor.stop();
  }
  return { asserted };
}

/**
 * The generated view paths of a flow as tests: one per path (the graph's paths with the prefixes
 * of longer ones pruned), each replayed on the real view; and a check that the paths assert
 * evidence for every state of the machine.
 */
export function viewPathTests(viewModel: ViewModel, View: FlowView, options: ViewPathOptions & { only?: (path: ModelPath) => boolean } = {}): void {
  const paths = viewPaths(viewModel.model).filter(options.only ?? (() => true));
  const lang = options.lang ?? 'en';

  describe(`${viewModel.model.name} view paths (${lang})`, () => {
    it('asserts evidence in the view for every state', () => {
      const result = viewCoverage(viewModel);
      expect({ unasserted: result.unasserted, unknown: result.unknown }).toEqual({ unasserted: [], unknown: [] });
    });

    it.each(paths.map((path) => [pathTitle(path), path] as const))('%s', async (_title, path) => {
      await runViewPath(viewModel, View, path, options);
    });
  });
}
