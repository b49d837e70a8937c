import { fullMemberUpgradeModel } from '../../../machines/upgrade/full-member-upgrade.model.ts';
import { refusalEvidence } from '../support/refusals.ts';
import { defineViewModel } from '../support/view-model.ts';
import { DURATION, emailCodeChange, emailCodeSubmit, FAILED, KEPT, step, wizardActs, wizardFrame } from './wizard.ts';

const frame = wizardFrame('Upgrade to full member');
const DIALOG = frame.dialog;
const YEAR = 'Year of birth';

export const fullMemberUpgradeView = defineViewModel({
  model: fullMemberUpgradeModel,
  evidence: {
    ...frame.evidence,
    ...frame.emailCode(2),
    welcome: [DIALOG, step(1), DURATION, { heading: 'Welcome to the full membership' }, { button: 'Start' }],
    'welcome.idle': [{ absent: 'Something went wrong, try again later.' }],
    'welcome.failed': [FAILED],
    starting: [DIALOG, step(1), { busy: true }],
    phone: [DIALOG, step(4), { heading: 'Your mobile phone' }, KEPT],
    'phone.verifying': [{ absent: 'Verify the number again' }, { absent: 'Something went wrong, try again later.' }],
    ...refusalEvidence(fullMemberUpgradeModel, 'phone', (message) => [{ alert: message }, { button: 'Verify the number again' }]),
    'phone.failed': [FAILED, { button: 'Try again' }],
    confirmingPhone: [DIALOG, step(4), { busy: 'Saving your verified number…' }],
    info: [DIALOG, step(5), { heading: 'About you' }, KEPT],
    // The genders in the profile's order (Male, then Female), as the profile form lists them.
    'info.idle': [{ absent: 'There is a problem' }, { button: 'Become a full member' }],
    'info.invalid': [{ alert: 'There is a problem' }],
    'info.failed': [FAILED],
    finishing: [DIALOG, step(5), { busy: 'Upgrading…' }],
    done: [DIALOG, step(6), { heading: 'You are a full member' }, { text: 'Your account is now a full member account. You can associate your old student accounts from your profile.' }, { text: 'Go to Account Association' }],
  },
  acts: {
    ...wizardActs,
    'form.change': (event) => {
      switch (event.field) {
        case 'gender':
          return [{ choose: event.value === 'male' ? 'Male' : 'Female' }];
        case 'yearOfBirth':
          return [{ fill: YEAR, value: event.value }];
        case 'roles':
          return event.value.map((role) => ({ check: { TEACHER: 'Teacher', STUDENT: 'Student', PARENT: 'Parent' }[role], checked: true }));
        default:
          return emailCodeChange(event);
      }
    },
    'form.submit': (_event, before) => emailCodeSubmit(before) ?? [{ click: 'Become a full member' }],
    'phone.again': () => [{ click: 'Verify the number again' }],
  },
});
