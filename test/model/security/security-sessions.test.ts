import { describe, expect, it } from 'vitest';
import type { SignedInSession } from '../../../contract/schemas/security.ts';
import { apiError, done, fail, networkError } from '../../../machines/model-kit.ts';
import { SAMPLE_SESSIONS, sampleSecurityOverview, securitySessionsModel as model } from '../../../machines/security/security-sessions.model.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const loaded = done('loadSecurity', sampleSecurityOverview());
const other = SAMPLE_SESSIONS[1]?.id ?? '';
const askOne = { type: 'session.signOut', sessionId: other } as const;
const confirm = { type: 'dialog.confirm' } as const;

describeModelPaths('securitySessions', model);

describe('securitySessions', () => {
  it('reads the sessions and the history first, then shows both', () => {
    expect(play(model).matches('loading')).toBe(true);
    const ready = play(model, loaded);
    expect(ready.matches({ ready: 'idle' })).toBe(true);
    expect(ready.context.sessions).toHaveLength(2);
    expect(ready.context.history).toHaveLength(4);
  });

  it('asks before signing one session out; cancelling keeps it and forgets the choice', () => {
    expect(play(model, loaded, askOne).matches('confirmingOne')).toBe(true);
    expect(play(model, loaded, askOne).context.target).toBe(other);
    const cancelled = play(model, loaded, askOne, { type: 'dialog.cancel' });
    expect(cancelled.matches({ ready: 'idle' })).toBe(true);
    expect(cancelled.context.target).toBeNull();
    expect(cancelled.context.sessions).toHaveLength(2);
  });

  it('drops the signed-out session from the list and keeps the current one', () => {
    const after = play(model, loaded, askOne, confirm, done('signOutSession', undefined));
    expect(after.matches({ ready: 'signedOutOne' })).toBe(true);
    expect(after.context.sessions.map((session: SignedInSession) => session.current)).toEqual([true]);
  });

  it('drops a session found already ended, and says nothing was signed out', () => {
    const after = play(model, loaded, askOne, confirm, fail('signOutSession', apiError('sessionNotFound')));
    expect(after.matches({ ready: 'signOutFailed' })).toBe(true);
    expect(after.context.errorCode).toBe('sessionNotFound');
    expect(after.context.sessions).toHaveLength(1);
  });

  it('keeps the list when a sign-out got no answer', () => {
    const after = play(model, loaded, askOne, confirm, fail('signOutSession', networkError()));
    expect(after.matches({ ready: 'signOutFailed' })).toBe(true);
    expect(after.context.sessions).toHaveLength(2);
  });

  it('asks before signing out all others, then keeps only the current session', () => {
    expect(play(model, loaded, { type: 'others.signOut' }).matches('confirmingOthers')).toBe(true);
    const after = play(model, loaded, { type: 'others.signOut' }, confirm, done('signOutOthers', { signedOut: 1 }));
    expect(after.matches({ ready: 'signedOutOthers' })).toBe(true);
    expect(after.context.sessions.every((session: SignedInSession) => session.current)).toBe(true);
  });

  it('reads again after a failed load', () => {
    const failed = play(model, fail('loadSecurity', networkError()));
    expect(failed.matches('failed')).toBe(true);
    expect(play(model, fail('loadSecurity', networkError()), { type: 'retry' }).matches('loading')).toBe(true);
  });
});
