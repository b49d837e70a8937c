import { defineModel, done, fail, networkError, SAMPLE_NOW } from '../model-kit.ts';
import { sampleUpgradeProgress } from './wizard-samples.ts';
import { upgradeReminderMachine } from './upgrade-reminder.machine.ts';

const email = 'student.personal@example.test';

export const upgradeReminderModel = defineModel(upgradeReminderMachine, {
  input: { kind: 'studentMember' },
  events: [
    done('fetchProgress', sampleUpgradeProgress('studentMember', 'code', email, null)),
    done('fetchProgress', sampleUpgradeProgress('studentMember', 'intro', null, null)),
    fail('fetchProgress', networkError()),
    { type: 'reminder.follow' },
  ],
});

/** Until when the sample progress is kept (for the view model). */
export const SAMPLE_RESUME_UNTIL = sampleUpgradeProgress('studentMember', 'code', email, null).resumeUntil ?? new Date(SAMPLE_NOW).toISOString();
