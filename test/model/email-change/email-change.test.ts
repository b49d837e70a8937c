import { describe, expect, it } from 'vitest';
import { CURRENT_EMAIL, emailChangeModel as model, NEW_EMAIL, sampleChangeRequested, sampleChangeStatus } from '../../../machines/email-change/email-change.model.ts';
import { apiError, change, done, fail, networkError } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;
const refresh = { type: 'status.refresh' } as const;
const requested = [change('email', NEW_EMAIL), submit, done('requestChange', sampleChangeRequested())] as const;

describeModelPaths('emailChange', model);

describe('emailChange', () => {
  it('requires a well-formed address that differs from the current one', () => {
    expect(play(model, submit).context.fieldErrors).toEqual([{ field: 'email', rule: 'required' }]);
    expect(play(model, change('email', 'not-an-email'), submit).context.fieldErrors).toEqual([{ field: 'email', rule: 'format' }]);
    const same = play(model, change('email', ` ${CURRENT_EMAIL.toUpperCase()} `), submit);
    expectInvalid(same, [{ field: 'email', rule: 'sameAsOld' }]);
  });

  it('requests the change of its kind in the page language', () => {
    expect(invokedInput(model, [change('email', NEW_EMAIL), submit], 'requestChange')).toEqual({ kind: 'login', email: NEW_EMAIL, lang: 'en' });
  });

  it.each([
    ['loginEmailTaken', 'taken'],
    ['emailTaken', 'taken'],
    ['loginEmailPending', 'pending'],
    ['emailDomainNotAccepted', 'domainRefused'],
  ] as const)('a %s refusal shows as editing.%s', (code, state) => {
    const snapshot = play(model, change('email', NEW_EMAIL), submit, fail('requestChange', apiError(code)));
    expect(snapshot.matches({ editing: state })).toBe(true);
    expect(snapshot.context.errorCode).toBe(code);
  });

  it('waits for the link with the address it went to; nothing is changed yet', () => {
    const snapshot = play(model, ...requested);
    expect(snapshot.matches({ awaiting: 'idle' })).toBe(true);
    expect(snapshot.context.pendingEmail).toBe(NEW_EMAIL);
    expect(snapshot.context.currentEmail).toBe(CURRENT_EMAIL);
  });

  it('is confirmed once the status shows the new address in force', () => {
    const snapshot = play(model, ...requested, refresh, done('fetchStatus', sampleChangeStatus('confirmed')));
    expect(snapshot.matches('confirmed')).toBe(true);
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.currentEmail).toBe(NEW_EMAIL);
  });

  it('keeps waiting while the link is not followed', () => {
    expect(play(model, ...requested, refresh, done('fetchStatus', sampleChangeStatus('pending'))).matches({ awaiting: 'idle' })).toBe(true);
  });

  it('says the request lapsed when the link is neither followed nor waiting, and can start over', () => {
    const lapsed = play(model, ...requested, refresh, done('fetchStatus', sampleChangeStatus('lapsed')));
    expect(lapsed.matches('lapsed')).toBe(true);
    const again = play(model, ...requested, refresh, done('fetchStatus', sampleChangeStatus('lapsed')), { type: 'form.restart' });
    expect(again.matches({ editing: 'idle' })).toBe(true);
    expect(again.context.email).toBe('');
    expect(again.context.pendingEmail).toBeNull();
  });

  it('a failed status read can be tried again', () => {
    const failed = play(model, ...requested, refresh, fail('fetchStatus', networkError()));
    expect(failed.matches({ awaiting: 'failed' })).toBe(true);
    expect(play(model, ...requested, refresh, fail('fetchStatus', networkError()), refresh).matches({ awaiting: 'checking' })).toBe(true);
  });

  it('can request another address while waiting', () => {
    expect(play(model, ...requested, { type: 'form.restart' }).matches({ editing: 'idle' })).toBe(true);
  });
});
