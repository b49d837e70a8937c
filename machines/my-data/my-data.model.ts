import { apiError, contextKey, defineModel, done, fail, networkError, SAMPLE_NOW } from '../model-kit.ts';
import { stepUpMachine } from '../step-up/index.ts';
import { myDataMachine } from './my-data.machine.ts';

/** A proof given at the sample time: it counts for 10 minutes (as the step-up model's). */
export const SAMPLE_MY_DATA_PROOF = { provedUntil: new Date(SAMPLE_NOW + 10 * 60_000).toISOString() };

export const SAMPLE_MY_DATA_FILE = { fileName: 'my-data-demo_student1-20261127.zip', bytes: 5120 };

/** The next download may be asked for 20 hours from the sample's now. */
export const SAMPLE_MY_DATA_HOLD = new Date(SAMPLE_NOW + 20 * 60 * 60_000).toISOString();

const model = defineModel(myDataMachine, {
  input: {},
  events: [
    { type: 'data.download' },
    done('downloadMyData', SAMPLE_MY_DATA_FILE),
    fail('downloadMyData', apiError('myDataDailyLimit', { holdUntil: SAMPLE_MY_DATA_HOLD })),
    fail('downloadMyData', networkError()),
    { type: 'retry' },
    done('stepUp', { status: 'proved', ...SAMPLE_MY_DATA_PROOF }),
    done('stepUp', { status: 'cancelled' }),
  ],
  key: contextKey('errorCode', 'file'),
});

/**
 * The step-up dialog runs as itself (its own call never settles), so stories and view paths show
 * the real dialog over the page at `steppingUp`; the walk feeds its end as `done('stepUp', …)`.
 */
const stepUpDialog = defineModel(stepUpMachine, { input: {}, events: [] }).machine;
export const myDataModel = { ...model, machine: model.machine.provide({ actors: { stepUp: stepUpDialog } }) };
