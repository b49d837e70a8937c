import { upgradeReminderModel } from '../../../machines/upgrade/upgrade-reminder.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const ACTION = 'Continue your upgrade';
const TITLE = 'Your student membership upgrade is not finished';

export const upgradeReminderView = defineViewModel({
  model: upgradeReminderModel,
  evidence: {
    checking: [{ absent: ACTION }, { absent: TITLE }],
    none: [{ absent: ACTION }, { absent: TITLE }],
    kept: [{ heading: TITLE }, { text: 'You can carry on where you left off. Your progress is kept until {time} (Hong Kong time).' }, { button: ACTION }],
    // The page goes on to the upgrade; the notice stays until it does.
    followed: [{ absent: 'Your full membership upgrade is not finished' }],
  },
  acts: {
    'reminder.follow': () => [{ click: ACTION }],
  },
});
