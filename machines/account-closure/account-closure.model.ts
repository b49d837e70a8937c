import { apiError, contextKey, defineModel, done, fail, networkError, SAMPLE_NOW } from '../model-kit.ts';
import { accountClosureMachine } from './account-closure.machine.ts';

/** The sample erasure time: 14 days after the sample's now. */
export const SAMPLE_ERASE_AT = new Date(SAMPLE_NOW + 14 * 24 * 60 * 60_000).toISOString();

export const accountClosureModel = defineModel(accountClosureMachine, {
  input: {},
  events: [
    done('loadClosure', { eraseAt: null }),
    done('loadClosure', { eraseAt: SAMPLE_ERASE_AT }),
    fail('loadClosure', networkError()),
    { type: 'closure.start' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    done('closeAccount', { eraseAt: SAMPLE_ERASE_AT }),
    fail('closeAccount', apiError('stepUpRequired')),
    fail('closeAccount', apiError('closureLastFamilyAdmin')),
    fail('closeAccount', networkError()),
    done('stepUp', { status: 'proved', provedUntil: new Date(SAMPLE_NOW + 10 * 60_000).toISOString() }),
    done('stepUp', { status: 'cancelled' }),
    { type: 'closure.cancel' },
    done('cancelClosure', undefined),
    fail('cancelClosure', networkError()),
    { type: 'retry' },
  ],
  key: contextKey('errorCode', 'eraseAt'),
});
