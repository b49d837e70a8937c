import { stepUpModel } from '../../../machines/step-up/step-up.model.ts';
import { defineViewModel } from '../support/view-model.ts';
import { refusalEvidence } from '../support/refusals.ts';
import { NETWORK } from '../support/messages.ts';

const TITLE = 'Confirm it is you';
const FIELD = 'Current password';

export const stepUpView = defineViewModel({
  model: stepUpModel,
  evidence: {
    editing: [
      { dialog: TITLE },
      { text: 'For your security, enter your password again before you continue. You will not be asked again for {minutes} minutes.' },
      { button: 'Confirm' },
      { button: 'Cancel' },
      { text: 'Forgot your password? Reset it by email' },
    ],
    'editing.idle': [{ absent: 'There is a problem' }],
    // Empty, or refused by the server as incorrect: the problem is at the field either way.
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    ...refusalEvidence(stepUpModel, 'editing', (message) => [{ alert: message }]),
    'editing.failed': [{ alert: NETWORK }],
    submitting: [{ dialog: TITLE }, { busy: 'Checking…' }],
    // The dialog closes: the page that asked goes on (or stays as it was, after Cancel).
    proved: [{ absent: TITLE }],
    cancelled: [{ absent: TITLE }],
  },
  acts: {
    'form.change': (event) => [{ fill: FIELD, value: event.value }],
    'form.submit': () => [{ click: 'Confirm' }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
  },
});
