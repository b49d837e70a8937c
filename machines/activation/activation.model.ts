import type { ActivationRecord } from '../../contract/schemas/account.ts';
import { activationMachine } from './activation.machine.ts';
import { apiError, change, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_PASSWORD, samplePolicy } from '../model-kit.ts';

function sampleRecord(kind: ActivationRecord['kind']): ActivationRecord {
  return kind === 'user'
    ? { userId: 'u-new-student1', loginId: 'new_student1', email: 'new.student1@demo.test', kind }
    : { userId: 'u-new-buyer1', loginId: 'new_buyer1', email: 'new.buyer1@demo.test', kind };
}

export const activationModel = defineModel(activationMachine, {
  input: { encryptCode: 'sample-activation-code', kind: 'user', policy: samplePolicy() },
  events: [
    done('checkRecord', sampleRecord('user')),
    done('checkRecord', sampleRecord('buyer')),
    fail('checkRecord', networkError()),
    { type: 'retry' },
    ...changes('newPassword', SAMPLE_PASSWORD, 'short', 'alllowercase'),
    ...changes('confirmNewPassword', SAMPLE_PASSWORD, 'Different-2026'),
    { type: 'form.submit' },
    done('activate', { userId: 'u-new-student1' }),
    fail('activate', apiError('passwordTooCommon', { fields: [{ field: 'newPassword', rule: 'common' }] })),
    fail('activate', networkError()),
    { type: 'services.toggle', service: 'edPost' },
    { type: 'services.toggle', service: 'studentInfo' },
    { type: 'subscribe.submit' },
    { type: 'subscribe.skip' },
    done('subscribe', { services: ['edPost'] }),
    fail('subscribe', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode'),
  simplePathFilter: fillInOrder([fillField('newPassword', SAMPLE_PASSWORD), fillField('confirmNewPassword', SAMPLE_PASSWORD)], {
    exclude: ['services.toggle'],
  }),
  paths: [
    // A check that failed for want of an answer can be retried and then succeed.
    [fail('checkRecord', networkError()), { type: 'retry' }, done('checkRecord', sampleRecord('user'))],
    // The full journey of an individual account: check, password, one newsletter, done.
    [
      done('checkRecord', sampleRecord('user')),
      change('newPassword', SAMPLE_PASSWORD),
      change('confirmNewPassword', SAMPLE_PASSWORD),
      { type: 'form.submit' },
      done('activate', { userId: 'u-new-student1' }),
      { type: 'services.toggle', service: 'edPost' },
      { type: 'subscribe.submit' },
      done('subscribe', { services: ['edPost'] }),
    ],
  ],
});

export { sampleRecord as sampleActivationRecord };
