import { describe, expect, it } from 'vitest';
import { loginQrCodeModel as model, sampleLoginQrCode } from '../../../machines/login-qr/login-qr-code.model.ts';
import { apiError, done, fail, networkError } from '../../../machines/model-kit.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const loaded = done('readCode', sampleLoginQrCode('active'));

describeModelPaths('loginQrCode', model);

describe('loginQrCode', () => {
  it('reads the code first', () => {
    expect(play(model).matches('loading')).toBe(true);
  });

  it('shows the current code with its dates', () => {
    const snapshot = play(model, loaded);
    expect(snapshot.matches({ showing: 'current' })).toBe(true);
    expect(snapshot.context.code).toEqual(sampleLoginQrCode('active'));
  });

  it('lands in the state named by the code status', () => {
    expect(play(model, done('readCode', sampleLoginQrCode('expired'))).matches('expired')).toBe(true);
    expect(play(model, done('readCode', sampleLoginQrCode('lost'))).matches('lost')).toBe(true);
    expect(play(model, done('readCode', sampleLoginQrCode('none'))).matches('none')).toBe(true);
  });

  it('asks before refreshing a working code, and a cancelled refresh keeps it', () => {
    expect(play(model, loaded, { type: 'code.refresh' }).matches('confirmingRefresh')).toBe(true);
    expect(play(model, loaded, { type: 'code.refresh' }, { type: 'dialog.cancel' }).matches({ showing: 'current' })).toBe(true);
  });

  it('says the old code no longer works once the new one is made', () => {
    const snapshot = play(model, loaded, { type: 'code.refresh' }, { type: 'dialog.confirm' }, done('refreshCode', sampleLoginQrCode('active')));
    expect(snapshot.matches({ showing: 'refreshed' })).toBe(true);
  });

  it('asks before losing the code, then offers a new one without asking again', () => {
    const lost = play(model, loaded, { type: 'code.lose' }, { type: 'dialog.confirm' }, done('loseCode', sampleLoginQrCode('lost')));
    expect(lost.matches('lost')).toBe(true);
    expect(play(model, loaded, { type: 'code.lose' }, { type: 'dialog.confirm' }, done('loseCode', sampleLoginQrCode('lost')), { type: 'code.refresh' }).matches('making')).toBe(true);
  });

  it('makes the first code without a word about a previous one (issue 26)', () => {
    const first = play(model, done('readCode', sampleLoginQrCode('none')), { type: 'code.refresh' });
    expect(first.matches('making')).toBe(true);
    const made = play(model, done('readCode', sampleLoginQrCode('none')), { type: 'code.refresh' }, done('refreshCode', sampleLoginQrCode('active')));
    expect(made.matches({ showing: 'made' })).toBe(true);
    expect(made.matches({ showing: 'refreshed' })).toBe(false);
  });

  it('says why when the account has no login QR code permission', () => {
    const snapshot = play(model, fail('readCode', apiError('forbidden')));
    expect(snapshot.matches('forbidden')).toBe(true);
    expect(snapshot.status).toBe('done');
  });

  it('reads the code again after a failure', () => {
    const failed = play(model, loaded, { type: 'code.refresh' }, { type: 'dialog.confirm' }, fail('refreshCode', networkError()));
    expect(failed.matches('failed')).toBe(true);
    expect(failed.context.errorCode).toBe('network');
    expect(play(model, loaded, { type: 'code.refresh' }, { type: 'dialog.confirm' }, fail('refreshCode', networkError()), { type: 'retry' }).matches('loading')).toBe(true);
  });
});
