import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '../../../contract/errors.ts';
import type { UpgradeProgress } from '../../../contract/schemas/upgrade.ts';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { mobileVerificationMachine } from '../../../machines/mobile-verification/mobile-verification.machine.ts';
import { fullMemberUpgradeModel as model, sampleFullProgress, SAMPLE_BIRTH_YEAR, SAMPLE_FULL_CODE, SAMPLE_FULL_EMAIL } from '../../../machines/upgrade/full-member-upgrade.model.ts';
import { fullMemberUpgradeMachine, FULL_UPGRADE } from '../../../machines/upgrade/full-member-upgrade.machine.ts';
import { change, done, fail, networkError, SAMPLE_NOW, sampleNow } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;

describeModelPaths('fullMemberUpgrade', model);

describe('fullMemberUpgrade', () => {
  it('opens a resumed upgrade at the step the server kept, with its email', () => {
    const atCode = play(model, done('fetchProgress', sampleFullProgress('code')));
    expect(atCode.matches({ code: { entry: { editing: 'idle' } } })).toBe(true);
    expect(atCode.context.values.email).toBe(SAMPLE_FULL_EMAIL);
    expect(play(model, done('fetchProgress', sampleFullProgress('phone'))).matches({ phone: 'verifying' })).toBe(true);
    expect(play(model, done('fetchProgress', sampleFullProgress('info'))).matches({ info: 'idle' })).toBe(true);
    expect(play(model, done('fetchProgress', sampleFullProgress('intro'))).matches('welcome')).toBe(true);
  });

  it('counts six steps: welcome, email, code, phone, user information, finish', () => {
    expect(FULL_UPGRADE.names).toHaveLength(6);
    const stepAt = (...events: Parameters<typeof play>[1][]) => {
      const snapshot = play(model, ...events);
      return FULL_UPGRADE.of((state) => snapshot.matches(state as never));
    };
    expect(stepAt(done('fetchProgress', sampleFullProgress('intro')))).toBe('welcome');
    expect(stepAt(done('fetchProgress', sampleFullProgress('email')))).toBe('email');
    expect(stepAt(done('fetchProgress', sampleFullProgress('code')))).toBe('code');
    expect(stepAt(done('fetchProgress', sampleFullProgress('phone')))).toBe('phone');
    expect(stepAt(done('fetchProgress', sampleFullProgress('info')))).toBe('info');
  });

  it('invokes the mobile verification machine as a child with the SMS language, and tells the server once it reaches verified', async () => {
    const never = fromPromise<UpgradeProgress, void>(() => new Promise<UpgradeProgress>(() => {}));
    const actor = createActor(
      fullMemberUpgradeMachine.provide({
        actors: {
          fetchProgress: fromPromise(async () => sampleFullProgress('phone')),
          mobileVerification: mobileVerificationMachine.provide({
            actors: {
              sendCode: fromPromise(async () => ({ expiresAt: new Date(SAMPLE_NOW + 300_000).toISOString(), resendAt: new Date(SAMPLE_NOW + 60_000).toISOString() })),
              verifyCode: fromPromise(async () => ({ countryCode: '852', mobile: '91234567', verified: true })),
            },
          }),
          confirmPhone: never,
        },
      }),
      { input: { lang: 'zh_hans', now: sampleNow } },
    ).start();
    try {
      await waitFor(actor, (snapshot) => snapshot.matches({ phone: 'verifying' }));
      const child = actor.getSnapshot().children.mobileVerification as ActorRefFrom<typeof mobileVerificationMachine>;
      expect(child.getSnapshot().context.lang).toBe('zh_hans');
      child.send({ type: 'form.change', field: 'mobile', value: '91234567' });
      child.send({ type: 'form.submit' });
      await waitFor(child, (snapshot) => snapshot.matches('codeSent'));
      child.send({ type: 'code.change', value: '123456' });
      child.send({ type: 'code.submit' });
      await waitFor(actor, (snapshot) => snapshot.matches('confirmingPhone'));
    } finally {
      actor.stop();
    }
  });

  it('asks for gender, year of birth and a role, every problem at once, and keeps what was typed when the last step fails', () => {
    const empty = play(model, done('fetchProgress', sampleFullProgress('info')), submit);
    expect(empty.matches({ info: 'invalid' })).toBe(true);
    expect(empty.context.fieldErrors.map((issue: FieldIssue) => issue.field).sort()).toEqual(['gender', 'roles', 'yearOfBirth']);
    const filled = [done('fetchProgress', sampleFullProgress('info')), change('gender', 'male'), change('yearOfBirth', SAMPLE_BIRTH_YEAR), change('roles', ['TEACHER']), submit] as const;
    expect(invokedInput(model, filled, 'finish')).toEqual({ gender: 'male', yearOfBirth: SAMPLE_BIRTH_YEAR, roles: ['TEACHER'] });
    const failed = play(model, ...filled, fail('finish', networkError()));
    expect(failed.matches({ info: 'failed' })).toBe(true);
    expect(failed.context.values).toMatchObject({ gender: 'male', yearOfBirth: SAMPLE_BIRTH_YEAR, roles: ['TEACHER'] });
  });

  it('sends the kind with the start, the email and the code', () => {
    expect(invokedInput(model, [done('fetchProgress', sampleFullProgress('intro')), { type: 'upgrade.start' }], 'startUpgrade')).toEqual({ kind: 'fullMember' });
    const atEmail = [done('fetchProgress', sampleFullProgress('email')), change('email', SAMPLE_FULL_EMAIL), submit] as const;
    expect(invokedInput(model, atEmail, 'sendEmailCode')).toEqual({ kind: 'fullMember', email: SAMPLE_FULL_EMAIL });
    const atCode = [done('fetchProgress', sampleFullProgress('code')), change('code', SAMPLE_FULL_CODE), submit] as const;
    expect(invokedInput(model, atCode, 'verifyEmailCode')).toEqual({ kind: 'fullMember', code: SAMPLE_FULL_CODE });
  });
});
