import type { LoginInfo } from '../../contract/schemas/third-party.ts';
import { apiError, contextKey, defineModel, done, fail, networkError, SAMPLE_NOW } from '../model-kit.ts';
import { loginInfoMachine } from './login-info.machine.ts';

export const SAMPLE_LINKED: LoginInfo = {
  identities: [{ provider: 'google', email: 'ada.wong@gmail.test', linkedAt: new Date(SAMPLE_NOW - 86_400_000).toISOString() }],
  memberLinks: [{ side: 'student', loginId: 's7654321', displayName: 'Ada Wong (school)', linkedAt: new Date(SAMPLE_NOW - 2 * 86_400_000).toISOString() }],
  hasPassword: true,
  choices: [
    { userId: 'member-1', loginId: 'ada.wong', displayName: 'Ada Wong', own: true },
    { userId: 'student-1', loginId: 's1234567', displayName: 'Ada Wong (HKU SPACE)', own: false },
  ],
  opensUserId: 'member-1',
};
export const SAMPLE_CHOSEN: LoginInfo = { ...SAMPLE_LINKED, opensUserId: 'student-1' };
export const SAMPLE_UNLINKED: LoginInfo = { identities: [], memberLinks: [], hasPassword: true, choices: [], opensUserId: null };

export const loginInfoModel = defineModel(loginInfoMachine, {
  input: {},
  // What the machine reacts to is the info (its choices, the account opened now); the rest is shown.
  key: contextKey('errorCode', 'chosenUserId', 'provider'),
  events: [
    done('load', SAMPLE_LINKED),
    fail('load', networkError()),
    { type: 'retry' },
    { type: 'unlink.ask', provider: 'google' },
    { type: 'dialog.cancel' },
    { type: 'dialog.confirm' },
    { type: 'link.done' },
    done('unlink', SAMPLE_UNLINKED),
    fail('unlink', apiError('lastSignInMethod')),
    fail('unlink', networkError()),
    { type: 'choice.change', userId: 'student-1' },
    done('choose', SAMPLE_CHOSEN),
    fail('choose', networkError()),
  ],
});
