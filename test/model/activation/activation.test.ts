import { describe, expect, it } from 'vitest';
import { activationModel as model, sampleActivationRecord } from '../../../machines/activation/activation.model.ts';
import { apiError, change, done, fail, networkError, SAMPLE_PASSWORD } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths, LINK_REFUSAL_ENDS } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;
const userRecord = done('checkRecord', sampleActivationRecord('user'));
const buyerRecord = done('checkRecord', sampleActivationRecord('buyer'));
const password = [change('newPassword', SAMPLE_PASSWORD), change('confirmNewPassword', SAMPLE_PASSWORD)] as const;
const activated = done('activate', { userId: 'u-new-student1' });

describeModelPaths('activation', model);

describe('activation', () => {
  it('checks the link first and is busy meanwhile', () => {
    const snapshot = play(model);
    expect(snapshot.matches('checking')).toBe(true);
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(invokedInput(model, [], 'checkRecord')).toEqual({ encryptCode: 'sample-activation-code' });
  });

  it.each(LINK_REFUSAL_ENDS)('a link answered with %s ends in %s', (code, state) => {
    const snapshot = play(model, fail('checkRecord', apiError(code)));
    expect(snapshot.matches(state)).toBe(true);
    expect(snapshot.status).toBe('done');
    expect(snapshot.hasTag('error')).toBe(true);
  });

  it('an expired link found while setting the password ends in expired', () => {
    const snapshot = play(model, userRecord, ...password, submit, fail('activate', apiError('expired')));
    expect(snapshot.matches('expired')).toBe(true);
  });

  it('a link used in another tab while setting the password ends in used', () => {
    const snapshot = play(model, userRecord, ...password, submit, fail('activate', apiError('alreadyUsed')));
    expect(snapshot.matches('used')).toBe(true);
  });

  it('offers a retry when the check got no answer, and the retry checks again', () => {
    const failed = play(model, fail('checkRecord', networkError()));
    expect(failed.matches('checkFailed')).toBe(true);
    expect(failed.context.errorCode).toBe('network');
    expect(play(model, fail('checkRecord', networkError()), { type: 'retry' }).matches('checking')).toBe(true);
  });

  it('refuses a password below the policy before sending it', () => {
    const snapshot = play(model, userRecord, change('newPassword', 'short'), change('confirmNewPassword', 'short'), submit);
    expect(snapshot.matches({ setPassword: { editing: 'invalid' } })).toBe(true);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'newPassword', rule: 'minLength' }]);
  });

  it('refuses a password with too few character classes', () => {
    const snapshot = play(model, userRecord, change('newPassword', 'alllowercase'), change('confirmNewPassword', 'alllowercase'), submit);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'newPassword', rule: 'complexity' }]);
  });

  it('refuses a confirmation that does not match', () => {
    const snapshot = play(model, userRecord, change('newPassword', SAMPLE_PASSWORD), change('confirmNewPassword', 'Different-2026'), submit);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'confirmNewPassword', rule: 'sameAs' }]);
  });

  it('marks the password the server found too common', () => {
    const refusal = apiError('passwordTooCommon', { fields: [{ field: 'newPassword', rule: 'common' }] });
    const snapshot = play(model, userRecord, ...password, submit, fail('activate', refusal));
    expect(snapshot.matches({ setPassword: { editing: 'invalid' } })).toBe(true);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'newPassword', rule: 'common' }]);
  });

  it('activates with the record kind, so a user link calls the user activation', () => {
    expect(invokedInput(model, [userRecord, ...password, submit], 'activate')).toEqual({
      encryptCode: 'sample-activation-code',
      newPassword: SAMPLE_PASSWORD,
      confirmNewPassword: SAMPLE_PASSWORD,
      kind: 'user',
    });
  });

  it('offers newsletters to an individual account once activated, and forgets the password', () => {
    const snapshot = play(model, userRecord, ...password, submit, activated);
    expect(snapshot.matches({ subscribe: 'idle' })).toBe(true);
    expect(snapshot.context.values).toEqual({ newPassword: '', confirmNewPassword: '' });
  });

  it('takes a buyer account straight to done', () => {
    const snapshot = play(model, buyerRecord, ...password, submit, done('activate', { userId: 'u-new-buyer1' }));
    expect(snapshot.matches('done')).toBe(true);
    expect(snapshot.output).toEqual({ userId: 'u-new-buyer1', services: [] });
  });

  it('subscribes to the chosen services and ends in done', () => {
    const events = [userRecord, ...password, submit, activated, { type: 'services.toggle', service: 'edPost' } as const, { type: 'subscribe.submit' } as const];
    expect(invokedInput(model, events, 'subscribe')).toEqual({ encryptCode: 'sample-activation-code', userId: 'u-new-student1', services: ['edPost'] });
    const snapshot = play(model, ...events, done('subscribe', { services: ['edPost'] }));
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual({ userId: 'u-new-student1', services: ['edPost'] });
  });

  it('toggling a service twice leaves it unchosen', () => {
    const toggle = { type: 'services.toggle', service: 'studentInfo' } as const;
    const snapshot = play(model, userRecord, ...password, submit, activated, toggle, toggle);
    expect(snapshot.context.services).toEqual([]);
  });

  it('can skip the newsletters', () => {
    const snapshot = play(model, userRecord, ...password, submit, activated, { type: 'subscribe.skip' });
    expect(snapshot.matches('done')).toBe(true);
  });

  it('subscribes to nothing when skipping after ticking a service', () => {
    const tick = { type: 'services.toggle', service: 'edPost' } as const;
    const snapshot = play(model, userRecord, ...password, submit, activated, tick, { type: 'subscribe.skip' });
    expect(snapshot.output?.services).toEqual([]);
  });

  it('after a failed subscription, can still submit again or skip', () => {
    const failed = [userRecord, ...password, submit, activated, { type: 'subscribe.submit' } as const, fail('subscribe', networkError())];
    expect(play(model, ...failed).matches({ subscribe: 'failed' })).toBe(true);
    expect(play(model, ...failed, { type: 'subscribe.submit' }).matches('subscribing')).toBe(true);
    expect(play(model, ...failed, { type: 'subscribe.skip' }).matches('done')).toBe(true);
  });
});
