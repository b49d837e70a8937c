import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import type { LoginAnswer, LoginRequest } from '../../../contract/index.ts';
import { passwordLoginMachine } from '../../../machines/login/password-login.machine.ts';
import { passwordLoginModel as model, sampleSecondFactor } from '../../../machines/login/password-login.model.ts';
import { apiError, change, done, fail, networkError, SAMPLE_PASSWORD, sampleUser } from '../../../machines/model-kit.ts';
import { CHALLENGE_SOLVE, CHALLENGE_TOKEN } from '../../../machines/login/password-challenge.model.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const filled = [change('loginId', 'demo_public1'), change('password', SAMPLE_PASSWORD)] as const;
const submit = { type: 'form.submit' } as const;

describeModelPaths('passwordLogin', model);

describe('passwordLogin', () => {
  it('starts ready for input with an empty form', () => {
    const snapshot = play(model);
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.hasTag('ready')).toBe(true);
    expect(snapshot.context.values).toEqual({ loginId: '', password: '' });
  });

  it('refuses to send an empty form and marks both fields required', () => {
    const snapshot = play(model, submit);
    expect(snapshot.matches({ editing: 'invalid' })).toBe(true);
    expect(snapshot.hasTag('error')).toBe(true);
    expect(snapshot.context.fieldErrors).toEqual([
      { field: 'loginId', rule: 'required' },
      { field: 'password', rule: 'required' },
    ]);
  });

  it('clears a field error as soon as that field is typed into', () => {
    const snapshot = play(model, submit, change('loginId', 'demo_public1'));
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'password', rule: 'required' }]);
  });

  it('sends a filled form and is busy while waiting', () => {
    const snapshot = play(model, ...filled, submit);
    expect(snapshot.matches('submitting')).toBe(true);
    expect(snapshot.hasTag('busy')).toBe(true);
  });

  it('ends in done with the user once the login succeeds', () => {
    const answer = { status: 'signedIn', user: sampleUser() } as const;
    const snapshot = play(model, ...filled, submit, done('login', answer));
    expect(snapshot.status).toBe('done');
    expect(snapshot.matches('done')).toBe(true);
    expect(snapshot.output).toEqual(answer);
  });

  it('ends in secondFactor, without a user, when a school administrator must give a second factor', () => {
    const snapshot = play(model, ...filled, submit, done('login', sampleSecondFactor()));
    expect(snapshot.matches('secondFactor')).toBe(true);
    expect(snapshot.output).toEqual(sampleSecondFactor());
  });

  it('shows one message for a wrong password or unknown login', () => {
    const snapshot = play(model, ...filled, submit, fail('login', apiError('loginFailed')));
    expect(snapshot.matches({ editing: 'loginFailed' })).toBe(true);
  });

  it('tells an inactive account apart', () => {
    const snapshot = play(model, ...filled, submit, fail('login', apiError('accountInactive')));
    expect(snapshot.matches({ editing: 'accountInactive' })).toBe(true);
  });

  it('marks the fields the server refused', () => {
    const refusal = apiError('invalidPayload', { fields: [{ field: 'loginId', rule: 'maxLength' }] });
    const snapshot = play(model, ...filled, submit, fail('login', refusal));
    expectInvalid(snapshot, [{ field: 'loginId', rule: 'maxLength' }]);
  });

  it('keeps the code of any other failure in editing.failed', () => {
    const snapshot = play(model, ...filled, submit, fail('login', networkError()));
    expect(snapshot.matches({ editing: 'failed' })).toBe(true);
    expect(snapshot.context.errorCode).toBe('network');
  });

  it('can try again after a failed login and succeed', () => {
    const snapshot = play(model, ...filled, submit, fail('login', apiError('loginFailed')), submit, done('login', { status: 'signedIn', user: sampleUser() }));
    expect(snapshot.status).toBe('done');
  });

  it('passes the typed login ID and password to the login actor', async () => {
    const received: LoginRequest[] = [];
    const machine = passwordLoginMachine.provide({
      actors: {
        login: fromPromise<LoginAnswer, LoginRequest>(async ({ input }) => {
          received.push(input);
          return { status: 'signedIn', user: sampleUser() };
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    for (const event of filled) actor.send(event);
    actor.send(submit);
    await expect(toPromise(actor)).resolves.toEqual({ status: 'signedIn', user: sampleUser() });
    expect(received).toEqual([{ loginId: 'demo_public1', password: SAMPLE_PASSWORD }]);
  });

  it('lands in editing.failed when the app forgot to provide the login actor', async () => {
    const actor = createActor(passwordLoginMachine, { input: {} }).start();
    for (const event of filled) actor.send(event);
    actor.send(submit);
    const snapshot = await waitFor(actor, (s) => !s.matches('submitting'));
    expect(snapshot.matches({ editing: 'failed' })).toBe(true);
    expect(snapshot.context.errorCode).toBe('unknown');
  });

  it('asks for the challenge once the server does, and sends the solved token with the next attempt, once', async () => {
    const received: LoginRequest[] = [];
    let answers = 0;
    const machine = passwordLoginMachine.provide({
      actors: {
        login: fromPromise<LoginAnswer, LoginRequest>(async ({ input }) => {
          received.push(input);
          answers++;
          if (answers === 1) throw apiError('loginChallengeRequired');
          if (answers === 2) throw apiError('loginFailed');
          return { status: 'signedIn', user: sampleUser() };
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    // The widget is not shown before the challenge: a token sent to it is ignored.
    actor.send(CHALLENGE_SOLVE);
    expect(actor.getSnapshot().context.recaptcha).toBe('');
    for (const event of filled) actor.send(event);
    actor.send(submit);
    let snapshot = await waitFor(actor, (s) => !s.matches('submitting'));
    expect(snapshot.matches({ editing: 'challenge' })).toBe(true);
    expect(snapshot.context.challenged).toBe(true);
    // Without the widget solved, the form does not go.
    actor.send(submit);
    expect(actor.getSnapshot().context.fieldErrors).toEqual([{ field: 'recaptcha', rule: 'recaptcha' }]);
    actor.send(CHALLENGE_SOLVE);
    actor.send(submit);
    snapshot = await waitFor(actor, (s) => !s.matches('submitting'));
    expect(snapshot.matches({ editing: 'loginFailed' })).toBe(true);
    // The token was spent: the widget is reset and must be solved again.
    expect(snapshot.context).toMatchObject({ recaptcha: '', recaptchaRound: 1, challenged: true });
    actor.send(CHALLENGE_SOLVE);
    actor.send(submit);
    await expect(toPromise(actor)).resolves.toEqual({ status: 'signedIn', user: sampleUser() });
    expect(received).toEqual([
      { loginId: 'demo_public1', password: SAMPLE_PASSWORD },
      { loginId: 'demo_public1', password: SAMPLE_PASSWORD, recaptchaToken: CHALLENGE_TOKEN },
      { loginId: 'demo_public1', password: SAMPLE_PASSWORD, recaptchaToken: CHALLENGE_TOKEN },
    ]);
  });
});
