import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import { ApiError } from '../../../contract/api-error.ts';
import type { StepUpProofs } from '../../../contract/schemas/step-up.ts';
import { formGuards } from '../../../machines/form.ts';
import { STEP_UP_CHILD, stepUpGuards, stepUpRoute, steppingUp } from '../../../machines/step-up-child.ts';
import { stepUpMachine } from '../../../machines/step-up/step-up.machine.ts';
import { apiError, change, done, fail, SAMPLE_HOLD_UNTIL, SAMPLE_PASSWORD } from '../../../machines/model-kit.ts';
import {
  CODE_ONLY,
  EMAIL_ONLY,
  SAMPLE_CODE_SENT,
  EVERY_PROOF,
  NO_PROOF,
  PASSKEY_ONLY,
  SAMPLE_CODE,
  SAMPLE_PROOF,
  SAMPLE_STEP_UP_ASSERTION,
  SAMPLE_STEP_UP_OPTIONS,
  stepUpModel as model,
} from '../../../machines/step-up/step-up.model.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;
const loaded = done('loadProofs', { password: true, passkey: false, authenticator: false });
const typed = change('currentPassword', SAMPLE_PASSWORD);
const everyProof = done('loadProofs', EVERY_PROOF);

describeModelPaths('stepUp', model);

describe('stepUp', () => {
  it('asks for the password before sending anything', () => {
    expect(play(model, loaded, submit).context.fieldErrors).toEqual([{ field: 'currentPassword', rule: 'required' }]);
  });

  it('sends the password typed again', () => {
    expect(invokedInput(model, [loaded, typed, submit], 'proveWithPassword')).toEqual({ currentPassword: SAMPLE_PASSWORD });
  });

  it('ends with the proof, forgetting the password, for the parent to send its action again', () => {
    const proved = play(model, loaded, typed, submit, done('proveWithPassword', SAMPLE_PROOF));
    expect(proved.status).toBe('done');
    expect(proved.output).toEqual({ status: 'proved', provedUntil: SAMPLE_PROOF.provedUntil });
    expect(proved.context.values.currentPassword).toBe('');
  });

  it('ends as cancelled when the user closes the dialog', () => {
    const cancelled = play(model, loaded, typed, { type: 'dialog.cancel' });
    expect(cancelled.status).toBe('done');
    expect(cancelled.output).toEqual({ status: 'cancelled' });
  });

  it('shows an incorrect password at the field and lets the user try again', () => {
    const refused = play(model, loaded, typed, submit, fail('proveWithPassword', apiError('currentPasswordIncorrect', { fields: [{ field: 'currentPassword', rule: 'incorrect' }] })));
    expect(refused.matches({ editing: 'invalid' })).toBe(true);
    expect(refused.context.fieldErrors).toEqual([{ field: 'currentPassword', rule: 'incorrect' }]);
  });

  it('keeps the time to wait when wrong passwords are throttled', () => {
    const throttled = play(model, loaded, typed, submit, fail('proveWithPassword', apiError('stepUpThrottled', { holdUntil: SAMPLE_HOLD_UNTIL })));
    expect(throttled.matches({ editing: 'throttled' })).toBe(true);
    expect(throttled.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
  });
});

describe('stepUp: the proofs offered', () => {
  it('opens with the password where the account has one, else a passkey, else the authenticator code, else says there is none', () => {
    expect(play(model, everyProof).matches('editing')).toBe(true);
    expect(play(model, done('loadProofs', PASSKEY_ONLY)).matches({ passkey: 'start' })).toBe(true);
    expect(play(model, done('loadProofs', CODE_ONLY)).matches('code')).toBe(true);
    const none = play(model, done('loadProofs', NO_PROOF));
    expect(none.matches('noProof')).toBe(true);
    expect(none.context.errorCode).toBe('stepUpNoPassword');
  });

  it('offers only the switches the account has', () => {
    const passwordOnly = play(model, loaded);
    expect(passwordOnly.can({ type: 'proof.passkey' })).toBe(false);
    expect(passwordOnly.can({ type: 'proof.code' })).toBe(false);
    const passkeyOnly = play(model, done('loadProofs', PASSKEY_ONLY));
    expect(passkeyOnly.can({ type: 'proof.password' })).toBe(false);
    expect(passkeyOnly.can({ type: 'proof.code' })).toBe(false);
  });

  it('proves with a passkey: options, the browser ceremony, the server check', () => {
    const chosen = play(model, everyProof, { type: 'proof.passkey' }, done('passkeyOptions', SAMPLE_STEP_UP_OPTIONS));
    expect(chosen.matches({ passkey: 'choosing' })).toBe(true);
    expect(invokedInput(model, [everyProof, { type: 'proof.passkey' }, done('passkeyOptions', SAMPLE_STEP_UP_OPTIONS)], 'getPasskey')).toEqual(SAMPLE_STEP_UP_OPTIONS);
    const path = [everyProof, { type: 'proof.passkey' }, done('passkeyOptions', SAMPLE_STEP_UP_OPTIONS), done('getPasskey', SAMPLE_STEP_UP_ASSERTION)] as const;
    expect(invokedInput(model, [...path], 'proveWithPasskey')).toEqual({ response: SAMPLE_STEP_UP_ASSERTION });
    const proved = play(model, ...path, done('proveWithPasskey', SAMPLE_PROOF));
    expect(proved.output).toEqual({ status: 'proved', provedUntil: SAMPLE_PROOF.provedUntil });
    expect(proved.context.answer).toBeNull();
  });

  it('goes back to the passkey screen, the password still offered, when the browser gives no passkey', () => {
    const notUsed = play(model, everyProof, { type: 'proof.passkey' }, done('passkeyOptions', SAMPLE_STEP_UP_OPTIONS), fail('getPasskey', new Error('NotAllowedError')));
    expect(notUsed.matches({ passkey: 'notUsed' })).toBe(true);
    expect(play(model, everyProof, { type: 'proof.passkey' }, done('passkeyOptions', SAMPLE_STEP_UP_OPTIONS), fail('getPasskey', new Error('NotAllowedError')), { type: 'proof.password' }).matches('editing')).toBe(true);
  });

  it('proves with the authenticator code, checked as six digits first, and forgets it', () => {
    const toCode = [everyProof, { type: 'proof.code' }] as const;
    expect(play(model, ...toCode, submit).context.fieldErrors).toEqual([{ field: 'code', rule: 'required' }]);
    const typedCode = change('code', SAMPLE_CODE);
    expect(invokedInput(model, [...toCode, typedCode, submit], 'proveWithCode')).toEqual({ code: SAMPLE_CODE });
    const proved = play(model, ...toCode, typedCode, submit, done('proveWithCode', SAMPLE_PROOF));
    expect(proved.output).toEqual({ status: 'proved', provedUntil: SAMPLE_PROOF.provedUntil });
    expect(proved.context.values.code).toBe('');
    const used = play(model, ...toCode, typedCode, submit, fail('proveWithCode', apiError('authenticatorCodeUsed')));
    expect(used.matches({ code: 'used' })).toBe(true);
    const held = play(model, ...toCode, typedCode, submit, fail('proveWithCode', apiError('stepUpCodeHeld', { holdUntil: SAMPLE_HOLD_UNTIL })));
    expect(held.matches({ code: 'held' })).toBe(true);
    expect(held.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
  });

  it('emails a code to an account without a password when asked, and proves with it', () => {
    const start = play(model, done('loadProofs', EMAIL_ONLY));
    expect(start.matches('emailStart')).toBe(true);
    const sent = [done('loadProofs', EMAIL_ONLY), { type: 'code.send' }, done('sendEmailCode', SAMPLE_CODE_SENT)] as const;
    expect(play(model, ...sent).matches({ emailCode: 'idle' })).toBe(true);
    const typedCode = change('code', SAMPLE_CODE);
    expect(invokedInput(model, [...sent, typedCode, submit], 'proveWithEmailCode')).toEqual({ code: SAMPLE_CODE });
    expect(play(model, ...sent, typedCode, submit, done('proveWithEmailCode', SAMPLE_PROOF)).output).toEqual({ status: 'proved', provedUntil: SAMPLE_PROOF.provedUntil });
    const expired = play(model, ...sent, typedCode, submit, fail('proveWithEmailCode', apiError('codeExpired')));
    expect(expired.matches({ emailCode: 'expired' })).toBe(true);
    // A new code clears the refusal.
    expect(play(model, ...sent, typedCode, submit, fail('proveWithEmailCode', apiError('codeExpired')), { type: 'code.send' }, done('sendEmailCode', SAMPLE_CODE_SENT)).context.errorCode).toBeNull();
  });

  it('keeps the code form when a new code is asked for too soon, with the time a new one may be sent', () => {
    const tooSoon = play(model, done('loadProofs', EMAIL_ONLY), { type: 'code.send' }, fail('sendEmailCode', apiError('codeResendTooSoon', { holdUntil: SAMPLE_HOLD_UNTIL })));
    expect(tooSoon.matches({ emailCode: 'tooSoon' })).toBe(true);
    expect(tooSoon.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
  });

  it('ends as cancelled from any screen at rest, the page left as it was', () => {
    expect(play(model, { type: 'dialog.cancel' }).output).toEqual({ status: 'cancelled' });
    expect(play(model, everyProof, { type: 'proof.code' }, { type: 'dialog.cancel' }).output).toEqual({ status: 'cancelled' });
    expect(play(model, done('loadProofs', PASSKEY_ONLY), { type: 'dialog.cancel' }).output).toEqual({ status: 'cancelled' });
  });
});

describe('a flow that requires step-up (machines/step-up-child.ts)', () => {
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
      actors: {
        stepUp: stepUpMachine.provide({
          actors: { loadProofs: fromPromise(async (): Promise<StepUpProofs> => ({ password: true, passkey: false, authenticator: false, email: false })), proveWithPassword: fromPromise(async () => SAMPLE_PROOF) },
        }),
      },
    });
    const actor = createActor(parent).start();
    actor.send({ type: 'act' });
    await settle(actor, 'steppingUp');
    const child = actor.getSnapshot().children.stepUp as ActorRefFrom<typeof stepUpMachine>;
    await waitFor(child, (snapshot) => snapshot.matches('editing'));
    child.send(typed);
    child.send(submit);
    await settle(actor, 'acted');
  });

  it('goes back without the action when the dialog is cancelled', async () => {
    const actor = createActor(parentMachine(['stepUpRequired']).provide({ actors: { stepUp: stepUpMachine } })).start();
    actor.send({ type: 'act' });
    await settle(actor, 'steppingUp');
    (actor.getSnapshot().children.stepUp as ActorRefFrom<typeof stepUpMachine>).send({ type: 'dialog.cancel' });
    await settle(actor, 'ready');
  });

  it('fails at once where the page has not provided the dialog: the flow’s own child is a stand-in', async () => {
    const errors: unknown[] = [];
    const actor = createActor(parentMachine(['stepUpRequired']));
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'act' });
    await waitFor(actor, (snapshot) => snapshot.status === 'error').catch(() => undefined);
    expect(String(errors[0] ?? actor.getSnapshot().error)).toContain('The page provides the step-up dialog');
  });
});
