import { myDataModel } from '../../../machines/my-data/my-data.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const TITLE = { heading: 'My data' } as const;
const CONTENTS = { heading: 'What the file holds' } as const;

export const myDataView = defineViewModel({
  model: myDataModel,
  evidence: {
    idle: [TITLE, CONTENTS, { button: 'Download my data' }, { absent: 'Your data has been downloaded' }],
    preparing: [TITLE, { busy: 'Preparing your data…' }, { text: 'What the file holds' }],
    downloaded: [
      TITLE,
      { heading: 'Your data has been downloaded' },
      // The message in the language on screen, and the file's name, which reads the same in every language.
      { alert: '{fileName} has been saved ({size, number} bytes). Open my-data.html inside it to read your data.' },
      { alert: /my-data-demo_student1-20261127\.zip/ },
      { absent: 'Download my data' },
    ],
    limited: [
      TITLE,
      { alert: 'Already downloaded today' },
      { alert: 'Your data can be downloaded once a day, and it was downloaded less than 24 hours ago. Please try again {retry}.' },
      { absent: 'Download my data' },
    ],
    failed: [TITLE, { alert: 'Your data was not downloaded' }, { button: 'Try again' }, { absent: 'Download my data' }],
    // The server asked for a fresh proof: the step-up dialog over the page, which it hides from
    // assistive technology meanwhile (test/view/models/step-up.view.ts asserts the dialog's own states).
    steppingUp: [{ dialog: 'Confirm it is you' }, { button: 'Cancel' }, { absent: 'Your data has been downloaded' }],
  },
  acts: {
    'data.download': () => [{ click: 'Download my data' }],
    retry: () => [{ click: 'Try again' }],
  },
});
