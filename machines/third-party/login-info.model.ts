import type { LoginInfo } from '../../contract/schemas/sso.ts';
import { apiError, defineModel, done, fail, networkError, SAMPLE_NOW } from '../model-kit.ts';
import { loginInfoMachine } from './login-info.machine.ts';

export const SAMPLE_LINKED: LoginInfo = {
  identities: [{ provider: 'google', email: 'ada.wong@gmail.test', linkedAt: new Date(SAMPLE_NOW - 86_400_000).toISOString() }],
  hasPassword: true,
};
export const SAMPLE_UNLINKED: LoginInfo = { identities: [], hasPassword: true };

export const loginInfoModel = defineModel(loginInfoMachine, {
  input: {},
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
  ],
});
