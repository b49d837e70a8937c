import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import { ApiError } from '../../../contract/api-error.ts';
import { formGuards } from '../../../machines/form.ts';
import { STEP_UP_CHILD, stepUpGuards, stepUpRoute, steppingUp } from '../../../machines/step-up/step-up-child.ts';
import { stepUpMachine } from '../../../machines/step-up/step-up.machine.ts';
import { apiError, change, done, fail, SAMPLE_HOLD_UNTIL, SAMPLE_PASSWORD } from '../../../machines/model-kit.ts';
import { SAMPLE_PROOF, stepUpModel as model } from '../../../machines/step-up/step-up.model.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;
const typed = change('currentPassword', SAMPLE_PASSWORD);

describeModelPaths('stepUp', model);

describe('stepUp', () => {
  it('asks for the password before sending anything', () => {
    expect(play(model, submit).context.fieldErrors).toEqual([{ field: 'currentPassword', rule: 'required' }]);
  });

  it('sends the password typed again', () => {
    expect(invokedInput(model, [typed, submit], 'proveWithPassword')).toEqual({ currentPassword: SAMPLE_PASSWORD });
  });

  it('ends with the proof, forgetting the password, for the parent to send its action again', () => {
    const proved = play(model, typed, submit, done('proveWithPassword', SAMPLE_PROOF));
    expect(proved.status).toBe('done');
    expect(proved.output).toEqual({ status: 'proved', provedUntil: SAMPLE_PROOF.provedUntil });
    expect(proved.context.values.currentPassword).toBe('');
  });

  it('ends as cancelled when the user closes the dialog', () => {
    const cancelled = play(model, typed, { type: 'dialog.cancel' });
    expect(cancelled.status).toBe('done');
    expect(cancelled.output).toEqual({ status: 'cancelled' });
  });

  it('shows an incorrect password at the field and lets the user try again', () => {
    const refused = play(model, typed, submit, fail('proveWithPassword', apiError('currentPasswordIncorrect', { fields: [{ field: 'currentPassword', rule: 'incorrect' }] })));
    expect(refused.matches({ editing: 'invalid' })).toBe(true);
    expect(refused.context.fieldErrors).toEqual([{ field: 'currentPassword', rule: 'incorrect' }]);
  });

  it('keeps the time to wait when wrong passwords are throttled', () => {
    const throttled = play(model, typed, submit, fail('proveWithPassword', apiError('stepUpThrottled', { holdUntil: SAMPLE_HOLD_UNTIL })));
    expect(throttled.matches({ editing: 'throttled' })).toBe(true);
    expect(throttled.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
  });
});

describe('a flow that requires step-up (machines/step-up/step-up-child.ts)', () => {
  // A parent as a sensitive action's flow builds it: the action, refused `stepUpRequired`, opens
  // the dialog; a proof sends the action again, a cancel goes back.
  function parentMachine(answers: Array<'stepUpRequired' | 'ok'>) {
    let calls = 0;
    return setup({
      types: { context: {} as Record<string, never>, events: {} as { type: 'act' } },
      actors: {
        ...STEP_UP_CHILD,
        act: fromPromise(async () => {
          const answer = answers[calls++];
          if (answer === 'stepUpRequired') throw new ApiError('stepUpRequired', 403);
        }),
      },
      guards: { ...formGuards, ...stepUpGuards },
    }).createMachine({
      id: 'parent',
      context: {},
      initial: 'ready',
      states: {
        ready: { on: { act: 'acting' } },
        acting: { invoke: { src: 'act', onDone: 'acted', onError: [stepUpRoute('steppingUp'), { target: 'ready' }] } },
        steppingUp: steppingUp('acting', 'ready'),
        acted: {},
      },
    });
  }

  async function settle(actor: { getSnapshot: () => { value: unknown } }, value: string) {
    await waitFor(actor as never, (snapshot: { value: unknown }) => snapshot.value === value);
  }

  it('opens the dialog on stepUpRequired and sends the action again once proved', async () => {
    const parent = parentMachine(['stepUpRequired', 'ok']).provide({
      actors: { stepUp: stepUpMachine.provide({ actors: { proveWithPassword: fromPromise(async () => SAMPLE_PROOF) } }) },
    });
    const actor = createActor(parent).start();
    actor.send({ type: 'act' });
    await settle(actor, 'steppingUp');
    const child = actor.getSnapshot().children.stepUp as ActorRefFrom<typeof stepUpMachine>;
    child.send(typed);
    child.send(submit);
    await settle(actor, 'acted');
  });

  it('goes back without the action when the dialog is cancelled', async () => {
    const actor = createActor(parentMachine(['stepUpRequired'])).start();
    actor.send({ type: 'act' });
    await settle(actor, 'steppingUp');
    (actor.getSnapshot().children.stepUp as ActorRefFrom<typeof stepUpMachine>).send({ type: 'dialog.cancel' });
    await settle(actor, 'ready');
  });
});
