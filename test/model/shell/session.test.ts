import { describe, expect, it } from 'vitest';
import { apiError, done, fail, networkError, sampleUser } from '../../../machines/model-kit.ts';
import { sessionModel as model } from '../../../machines/shell/session.model.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const user = sampleUser();
const me = done('fetchMe', user);
const unauthorized = apiError('unauthorized');

describeModelPaths('session', model);

describe('session', () => {
  it('asks the server who is signed in on start', () => {
    expect(play(model).matches('loading')).toBe(true);
  });

  it('is signed in when the server knows the cookie', () => {
    const snapshot = play(model, me);
    expect(snapshot.matches({ signedIn: 'idle' })).toBe(true);
    expect(snapshot.context.user).toEqual(user);
  });

  it('is signed out when the server answers 401', () => {
    const snapshot = play(model, fail('fetchMe', unauthorized));
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(snapshot.context.user).toBeNull();
  });

  it('is unavailable, with a retry, when the server cannot answer', () => {
    expect(play(model, fail('fetchMe', networkError())).matches('unavailable')).toBe(true);
    expect(play(model, fail('fetchMe', networkError()), { type: 'retry' }, me).matches('signedIn')).toBe(true);
  });

  it('signs in with the user from a login', () => {
    const snapshot = play(model, fail('fetchMe', unauthorized), { type: 'session.signedIn', user });
    expect(snapshot.matches({ signedIn: 'idle' })).toBe(true);
    expect(snapshot.context.user).toEqual(user);
  });

  it('asks again after an activation set the cookie', () => {
    expect(play(model, fail('fetchMe', unauthorized), { type: 'session.refresh' }, me).matches('signedIn')).toBe(true);
  });

  it('keeps the user shown while refreshing, and takes the new data', () => {
    const renamed = sampleUser({ displayName: 'Renamed' });
    const refreshing = play(model, me, { type: 'session.refresh' });
    expect(refreshing.matches({ signedIn: 'refreshing' })).toBe(true);
    expect(refreshing.context.user).toEqual(user);
    expect(play(model, me, { type: 'session.refresh' }, done('fetchMe', renamed)).context.user).toEqual(renamed);
  });

  it('a 401 on refresh means the session expired', () => {
    expect(play(model, me, { type: 'session.refresh' }, fail('fetchMe', unauthorized)).matches('expired')).toBe(true);
  });

  it('a 401 while signed in ends in expired until acknowledged, then signed out', () => {
    const expired = play(model, me, { type: 'session.expire' });
    expect(expired.matches('expired')).toBe(true);
    const acknowledged = play(model, me, { type: 'session.expire' }, { type: 'expired.acknowledge' });
    expect(acknowledged.matches('signedOut')).toBe(true);
    expect(acknowledged.context.user).toBeNull();
  });

  it('logs out, also when the server says the session was already gone', () => {
    expect(play(model, me, { type: 'session.logout' }, done('logout', undefined)).matches('signedOut')).toBe(true);
    expect(play(model, me, { type: 'session.logout' }, fail('logout', unauthorized)).matches('signedOut')).toBe(true);
  });

  it('stays signed in when the logout was not confirmed', () => {
    const snapshot = play(model, me, { type: 'session.logout' }, fail('logout', networkError()));
    expect(snapshot.matches({ signedIn: 'logoutFailed' })).toBe(true);
    expect(snapshot.context.user).toEqual(user);
  });
});
