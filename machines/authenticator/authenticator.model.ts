import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_NOW } from '../model-kit.ts';
import { stepUpMachine } from '../step-up/index.ts';
import { authenticatorMachine } from './authenticator.machine.ts';

/** A step-up proof given at the sample time: it counts for 10 minutes. */
export const SAMPLE_STEP_UP_PROOF = { status: 'proved', provedUntil: new Date(SAMPLE_NOW + 10 * 60_000).toISOString() } as const;

export const SAMPLE_AUTHENTICATOR_OFF = { addedAt: null, recoveryCodesLeft: 0 };
export const SAMPLE_AUTHENTICATOR_ON = { addedAt: new Date(SAMPLE_NOW - 3 * 86_400_000).toISOString(), recoveryCodesLeft: 7 };
export const SAMPLE_SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Education%20Platform:demo_schooladmin1?issuer=Education%20Platform&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
};
export const SAMPLE_RECOVERY_CODES = {
  recoveryCodes: Array.from({ length: 10 }, (_, index) => `ab${index}d-efgh-jkmn-pqr${index}`),
};
export const SAMPLE_APP_CODE = '123456';

const model = defineModel(authenticatorMachine, {
  input: {},
  key: contextKey('errorCode', 'fieldErrors'),
  events: [
    done('status', SAMPLE_AUTHENTICATOR_OFF),
    done('status', SAMPLE_AUTHENTICATOR_ON),
    fail('status', networkError()),
    { type: 'retry' },
    { type: 'setup.start' },
    done('begin', SAMPLE_SETUP),
    fail('begin', networkError()),
    { type: 'setup.cancel' },
    ...changes('code', SAMPLE_APP_CODE),
    { type: 'form.submit' },
    done('confirm', SAMPLE_RECOVERY_CODES),
    fail('confirm', apiError('authenticatorCodeWrong')),
    fail('confirm', apiError('invalidPayload', { fields: [{ field: 'code', rule: 'format' }] })),
    { type: 'codes.saved' },
    { type: 'codes.ask' },
    { type: 'remove.ask' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    done('regenerate', SAMPLE_RECOVERY_CODES),
    fail('regenerate', networkError()),
    done('remove', SAMPLE_AUTHENTICATOR_OFF),
    fail('remove', networkError()),
    done('stepUp', SAMPLE_STEP_UP_PROOF),
    done('stepUp', { status: 'cancelled' }),
  ],
  simplePathFilter: fillInOrder([fillField('code', SAMPLE_APP_CODE)]),
});

/**
 * The step-up dialog runs for real as the child (its password call is never made: a path ends the
 * child by feeding its done event), so the view paths and the stories show the dialog itself.
 */
export const authenticatorModel = { ...model, machine: model.machine.provide({ actors: { stepUp: stepUpMachine } }) };
