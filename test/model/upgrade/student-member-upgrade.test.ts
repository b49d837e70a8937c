import { describe, expect, it } from 'vitest';
import { studentMemberUpgradeModel as model, sampleProgress, SAMPLE_UPGRADE_EMAIL, SAMPLE_UPGRADE_CODE } from '../../../machines/upgrade/student-member-upgrade.model.ts';
import { change, done } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;

describeModelPaths('studentMemberUpgrade', model);

describe('studentMemberUpgrade', () => {
  it('opens a resumed upgrade at the step the server kept, with its email', () => {
    const atCode = play(model, done('fetchProgress', sampleProgress('code')));
    expect(atCode.matches({ code: { entry: { editing: 'idle' } } })).toBe(true);
    expect(atCode.context.values.email).toBe(SAMPLE_UPGRADE_EMAIL);
    expect(play(model, done('fetchProgress', sampleProgress('link'))).context.values.subscribe).toBe(true);
    expect(play(model, done('fetchProgress', sampleProgress('intro'))).matches('intro')).toBe(true);
  });

  it('requires the terms to be accepted before going on', () => {
    const snapshot = play(model, done('fetchProgress', sampleProgress('intro')), { type: 'upgrade.start' }, submit);
    expect(snapshot.matches({ terms: 'invalid' })).toBe(true);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'acceptTerms', rule: 'accepted' }]);
  });

  it('sends the kind with the email and the code', () => {
    const atEmail = [done('fetchProgress', sampleProgress('email')), change('email', SAMPLE_UPGRADE_EMAIL), submit] as const;
    expect(invokedInput(model, atEmail, 'sendEmailCode')).toEqual({ kind: 'studentMember', email: SAMPLE_UPGRADE_EMAIL });
    const atCode = [done('fetchProgress', sampleProgress('code')), change('code', SAMPLE_UPGRADE_CODE), submit] as const;
    expect(invokedInput(model, atCode, 'verifyEmailCode')).toEqual({ kind: 'studentMember', code: SAMPLE_UPGRADE_CODE });
  });

  it('keeps what was typed when the last step fails', () => {
    const snapshot = play(
      model,
      done('fetchProgress', sampleProgress('link')),
      { type: 'form.change', field: 'mode', value: 'link' } as const,
      change('loginId', 'demo_public1'),
      change('password', 'Member-Pass-2026'),
      submit,
      { type: 'xstate.error.actor.finish', error: new Error('offline'), actorId: 'finish' } as never,
    );
    expect(snapshot.matches({ link: 'failed' })).toBe(true);
    expect(snapshot.context.values).toMatchObject({ mode: 'link', loginId: 'demo_public1', password: 'Member-Pass-2026' });
  });
});
