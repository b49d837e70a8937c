import { apiError, defineModel, done, fail, networkError, sampleUser } from '../model-kit.ts';
import { sessionMachine } from './session.machine.ts';

const user = sampleUser();

export const sessionModel = defineModel(sessionMachine, {
  input: {},
  events: [
    done('fetchMe', user),
    fail('fetchMe', apiError('unauthorized')),
    fail('fetchMe', apiError('sessionSignedOut')),
    fail('fetchMe', networkError()),
    { type: 'retry' },
    { type: 'session.signedIn', user },
    { type: 'session.refresh' },
    { type: 'session.logout' },
    { type: 'session.expire' },
    { type: 'session.expire', signedOut: true },
    { type: 'expired.acknowledge' },
    done('logout', undefined),
    fail('logout', apiError('unauthorized')),
    fail('logout', networkError()),
  ],
});
