import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { passwordLoginMachine } from '../../machines/login/password-login.machine.ts';
import { passwordLoginModel } from '../../machines/login/password-login.model.ts';
import { apiError, change, defineModel, done, fail, SAMPLE_HOLD_UNTIL } from '../../machines/model-kit.ts';
import {
  coverage,
  describeEvent,
  describePath,
  firstMismatch,
  modelPaths,
  pathFromEvents,
  reachableStates,
  replay,
  shortestPathTo,
  type ModelPath,
} from '../support/graph.ts';

const sequence = (path: ModelPath) => path.steps.slice(1).map((step) => JSON.stringify(step.event));

describe('the graph harness', () => {
  it('puts events in words a tester can follow', () => {
    expect(describeEvent(change('loginId', 'demo_public1'))).toBe('form.change loginId = "demo_public1"');
    expect(describeEvent({ type: 'form.submit' })).toBe('form.submit');
    expect(describeEvent({ type: 'method.choose', by: 'loginId' })).toBe('method.choose by = "loginId"');
    expect(describeEvent(done('register', { email: 'a@b.test' }))).toBe('register succeeds with {"email":"a@b.test"}');
    expect(describeEvent(fail('login', apiError('loginFailed')))).toBe('login fails: loginFailed (401)');
    expect(describeEvent(fail('requestReset', apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })))).toBe(
      `requestReset fails: held (429), held until ${SAMPLE_HOLD_UNTIL}`,
    );
    expect(describeEvent(fail('x', apiError('emailTaken', { fields: [{ field: 'email', rule: 'taken' }] })))).toBe(
      'x fails: emailTaken (409), fields email:taken',
    );
  });

  it('describes a path step by step with the state each event leads to', () => {
    const path = pathFromEvents(passwordLoginModel, [{ type: 'form.submit' }]);
    expect(describePath(path)).toBe('start in editing.idle\n1. form.submit → editing.invalid');
  });

  it('refuses to build a path through an event the machine ignores', () => {
    expect(() => pathFromEvents(passwordLoginModel, [done('login', null)])).toThrow(/does nothing in editing.idle/);
  });

  it('keeps no path that is a prefix of another, and gives the same paths every time', () => {
    const paths = modelPaths(passwordLoginModel);
    const joined = paths.map((path) => sequence(path).join('\n'));
    for (const [i, a] of joined.entries()) {
      for (const [j, b] of joined.entries()) if (i !== j) expect(b.startsWith(`${a}\n`) || a === b).toBe(false);
    }
    expect(modelPaths(passwordLoginModel).map((path) => sequence(path).join('\n'))).toEqual(joined);
  });

  it('finds the shortest path to a state by relative, full or # id', () => {
    const relative = shortestPathTo(passwordLoginModel, 'editing.loginFailed');
    expect(relative.steps.length - 1).toBe(4);
    expect(shortestPathTo(passwordLoginModel, 'passwordLogin.editing.loginFailed')).toBe(relative);
    expect(shortestPathTo(passwordLoginModel, '#passwordLogin.editing.loginFailed')).toBe(relative);
    expect(() => shortestPathTo(passwordLoginModel, 'editing.nowhere')).toThrow(/no path reaches/);
  });

  it('lists the reachable atomic and final states in machine order', () => {
    expect(reachableStates(passwordLoginModel)).toEqual([
      'passwordLogin.editing.idle',
      'passwordLogin.editing.invalid',
      'passwordLogin.editing.challenge',
      'passwordLogin.editing.loginFailed',
      'passwordLogin.editing.accountInactive',
      'passwordLogin.editing.throttled',
      'passwordLogin.editing.failed',
      'passwordLogin.submitting',
      'passwordLogin.done',
      'passwordLogin.secondFactor',
    ]);
  });

  it('reports the states and transitions a weaker model misses', () => {
    // Taken from the defined model: `defineModel` would add the failure back (the next test).
    const weaker = { ...passwordLoginModel, events: passwordLoginModel.events.filter((event) => !JSON.stringify(event).includes('accountInactive')) };
    const result = coverage(weaker, modelPaths(weaker));
    expect(result.missedStates).toEqual(['editing.accountInactive']);
    expect(result.missedTransitions).toEqual(['submitting → editing.accountInactive on xstate.error.actor.login [hasCode(accountInactive)]']);
    expect(result.states).toEqual({ covered: 10, total: 11 });
    expect(result.percent).toBe(90.9);
  });

  it('samples a failure of every code the machine routes, beside the failures the model lists', () => {
    const listed = passwordLoginModel.events.filter((event) => !JSON.stringify(event).includes('accountInactive'));
    const model = defineModel(passwordLoginMachine, { input: {}, events: listed as never, key: passwordLoginModel.key });
    const failures = model.events.filter((event) => event.type === 'xstate.error.actor.login').map((event) => (event as unknown as { error: { code: string } }).error.code);
    expect(failures).toContain('accountInactive');
    expect(failures.filter((code) => code === 'loginFailed')).toHaveLength(1);
    expect(coverage(model, modelPaths(model)).percent).toBe(100);
  });

  it('notices when the replay does not land where the graph said', () => {
    const path = pathFromEvents(passwordLoginModel, [{ type: 'form.submit' }]);
    const wrong: ModelPath = { ...path, steps: [path.steps[0]!, { ...path.steps[1]!, state: path.steps[0]!.state }] };
    expect(firstMismatch(passwordLoginModel, wrong, replay(passwordLoginModel, wrong))).toMatch(/^step 1 \(form.submit\)/);
    expect(firstMismatch(passwordLoginModel, path, replay(passwordLoginModel, path))).toBeNull();
  });

  it('fails the replay when the machine itself throws', () => {
    const broken = setup({
      types: { events: {} as { type: 'go' } },
      actions: {
        explode: () => {
          throw new Error('boom');
        },
      },
    }).createMachine({ id: 'broken', initial: 'a', states: { a: { on: { go: { target: 'b', actions: 'explode' } } }, b: {} } });
    const model = defineModel(broken, { input: undefined as never, events: [{ type: 'go' }] });
    expect(() => replay(model, pathFromEvents(model, [{ type: 'go' }]))).toThrow(/the machine failed on go: Error: boom/);
  });
});
