import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL, SAMPLE_NOW, SAMPLE_PASSWORD } from '../model-kit.ts';
import { stepUpMachine } from './step-up.machine.ts';

/** A proof given at the sample time: it counts for 10 minutes. */
export const SAMPLE_PROOF = { provedUntil: new Date(SAMPLE_NOW + 10 * 60_000).toISOString() };

export const stepUpModel = defineModel(stepUpMachine, {
  input: {},
  events: [
    ...changes('currentPassword', SAMPLE_PASSWORD, ''),
    { type: 'form.submit' },
    { type: 'dialog.cancel' },
    done('proveWithPassword', SAMPLE_PROOF),
    fail('proveWithPassword', apiError('currentPasswordIncorrect', { fields: [{ field: 'currentPassword', rule: 'incorrect' }] })),
    fail('proveWithPassword', apiError('stepUpThrottled', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('proveWithPassword', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil'),
  simplePathFilter: fillInOrder([fillField('currentPassword', SAMPLE_PASSWORD)]),
});
