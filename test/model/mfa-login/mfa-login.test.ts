import { describe, expect, it } from 'vitest';
import {
  mfaLoginModel as model,
  pollTick,
  SAMPLE_MFA_EMAIL,
  sampleAdmin,
  sampleMfaStatus,
  setupExpiry,
  waitingExpiry,
} from '../../../machines/mfa-login/mfa-login.model.ts';
import { apiError, change, done, fail, networkError, SAMPLE_HOLD_UNTIL } from '../../../machines/model-kit.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const setup = done('fetchStatus', sampleMfaStatus('setup'));
const waiting = done('fetchStatus', sampleMfaStatus('waiting'));
const submit = { type: 'form.submit' } as const;
const complete = { type: 'verification.complete' } as const;

describeModelPaths('mfaLogin', model);

describe('mfaLogin', () => {
  it('asks for the two-factor email the first time', () => {
    const snapshot = play(model, setup);
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
  });

  it('refuses a malformed address before sending it', () => {
    const snapshot = play(model, setup, change('email', 'not-an-email'), submit);
    expectInvalid(snapshot, [{ field: 'email', rule: 'format' }]);
  });

  it.each([
    ['mfaEmailNotAcceptable', 'notAcceptable'],
    ['mfaEmailInUse', 'inUse'],
    ['mfaEmailPending', 'pendingActivation'],
    ['mfaEmailTeacherVerified', 'teacherVerified'],
    ['mfaEmailNotUsable', 'notUsable'],
  ] as const)('shows the server refusal %s in editing.%s', (code, state) => {
    const snapshot = play(model, setup, change('email', SAMPLE_MFA_EMAIL), submit, fail('setupEmail', apiError(code)));
    expect(snapshot.matches({ editing: state })).toBe(true);
    expect(snapshot.context.errorCode).toBe(code);
  });

  it('waits for the link after sending it, and completes by itself once the poll sees it followed', () => {
    const sent = play(model, setup, change('email', SAMPLE_MFA_EMAIL), submit, done('setupEmail', sampleMfaStatus('waiting')));
    expect(sent.matches({ waiting: { poll: 'idle', resend: 'locked', notice: 'none' } })).toBe(true);
    const completing = play(model, setup, change('email', SAMPLE_MFA_EMAIL), submit, done('setupEmail', sampleMfaStatus('waiting')), pollTick, done('poll', sampleMfaStatus('confirmed')));
    expect(completing.matches('completing')).toBe(true);
    const signedIn = play(model, waiting, pollTick, done('poll', sampleMfaStatus('confirmed')), done('complete', { user: sampleAdmin() }));
    expect(signedIn.status).toBe('done');
    expect(signedIn.output).toEqual(sampleAdmin());
  });

  it("says the two-factor step is not done when 'Completed verification' is pressed too early", () => {
    const snapshot = play(model, waiting, complete, fail('complete', apiError('mfaNotCompleted')));
    expect(snapshot.matches({ waiting: { notice: 'notCompleted' } })).toBe(true);
  });

  it('keeps polling after a lost poll', () => {
    const snapshot = play(model, waiting, pollTick, fail('poll', networkError()));
    expect(snapshot.matches({ waiting: { poll: 'idle' } })).toBe(true);
  });

  it('ends in expired past the time limit, waiting or setting up', () => {
    expect(play(model, waiting, waitingExpiry).matches('expired')).toBe(true);
    expect(play(model, setup, setupExpiry).matches('expired')).toBe(true);
    expect(play(model, waiting, complete, fail('complete', apiError('mfaExpired'))).matches('expired')).toBe(true);
  });

  it('holds with the time after too many early presses', () => {
    const snapshot = play(model, waiting, complete, fail('complete', apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })));
    expect(snapshot.matches('held')).toBe(true);
    expect(snapshot.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
  });
});
