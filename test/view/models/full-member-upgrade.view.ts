import { fullMemberUpgradeModel } from '../../../machines/upgrade/full-member-upgrade.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const DIALOG = { dialog: 'Upgrade to full member' } as const;
const FAILED = { alert: 'Something went wrong, try again later.' } as const;
const DURATION = { text: 'It takes about 5 minutes. You can close this window and carry on later.' } as const;
// The number is an argument of the message: each state's step is checked by the model test of fullUpgradeStepOf.
const step = (_n: number) => ({ text: 'Step {step} of {total}' }) as const;
const KEPT = { text: 'Your progress is kept until {time} (Hong Kong time).' } as const;
const EMAIL = 'Personal email';
const CODE = 'Verification code';
const YEAR = 'Year of birth';

export const fullMemberUpgradeView = defineViewModel({
  model: fullMemberUpgradeModel,
  evidence: {
    loading: [DIALOG, { busy: 'Loading your upgrade…' }],
    loadFailed: [DIALOG, { text: 'Something went wrong, try again later.' }, { button: 'Try again' }],
    notEligible: [DIALOG, { text: 'This account cannot take this upgrade.' }],
    lapsed: [DIALOG, { text: 'An earlier step of the upgrade is not done, or your progress has lapsed. Please start again.' }, { button: 'Start again' }],
    welcome: [DIALOG, step(1), DURATION, { heading: 'Welcome to the full membership' }, { button: 'Start' }],
    'welcome.idle': [{ absent: 'Something went wrong, try again later.' }],
    'welcome.failed': [FAILED],
    starting: [DIALOG, step(1), { busy: true }],
    email: [DIALOG, step(2), DURATION, { heading: 'Your personal email' }, { button: 'Send the code' }, KEPT],
    'email.idle': [{ absent: 'There is a problem' }],
    'email.invalid': [{ alert: 'There is a problem' }, { invalid: EMAIL }],
    'email.taken': [{ field: EMAIL, error: 'This email is already another account’s login email.' }],
    'email.tooSoon': [{ alert: 'Please wait before asking for a new code.' }],
    'email.sendLimit': [{ alert: 'As many verification codes as allowed in 24 hours have been sent. Please try again tomorrow.' }],
    'email.failed': [FAILED],
    sendingCode: [DIALOG, step(2), { busy: 'Sending…' }],
    code: [DIALOG, step(3), { heading: 'Enter the code' }, { text: 'We emailed a six-digit code to {email}.' }, { button: 'Change the email' }],
    'code.resend.locked': [{ text: 'You can ask for a new code in {time}.' }, { absent: 'Send a new code' }],
    'code.resend.available': [{ button: 'Send a new code' }],
    'code.entry.editing': [{ button: 'Verify' }, { text: 'The code is 6 digits.' }],
    'code.entry.editing.idle': [{ absent: 'There is a problem' }],
    'code.entry.editing.invalid': [{ alert: 'There is a problem' }, { invalid: CODE }],
    'code.entry.editing.wrong': [{ field: CODE, error: 'The verification code is wrong.' }],
    'code.entry.editing.notFound': [{ field: CODE, error: 'No verification code was found. Please ask for a new one.' }],
    'code.entry.editing.failed': [{ field: CODE, error: 'Something went wrong, try again later.' }],
    'code.entry.verifying': [{ busy: 'Checking…' }],
    codeExpired: [DIALOG, step(3), { heading: 'The code has expired' }, { text: 'Ask for a new code, or change the email.' }, { button: 'Send a new code' }],
    held: [DIALOG, step(2), { heading: 'Codes are on hold' }, { text: 'Too many incorrect attempts. Please try again after {holdUntil}.' }],
    phone: [DIALOG, step(4), { heading: 'Your mobile phone' }, KEPT],
    'phone.verifying': [{ absent: 'Verify the number again' }, { absent: 'Something went wrong, try again later.' }],
    'phone.unverified': [{ alert: 'Please verify your mobile number with the SMS code first.' }, { button: 'Verify the number again' }],
    'phone.failed': [FAILED, { button: 'Try again' }],
    confirmingPhone: [DIALOG, step(4), { busy: 'Saving your verified number…' }],
    info: [DIALOG, step(5), { heading: 'About you' }, KEPT],
    'info.idle': [{ absent: 'There is a problem' }, { button: 'Become a full member' }],
    'info.invalid': [{ alert: 'There is a problem' }],
    'info.failed': [FAILED],
    finishing: [DIALOG, step(5), { busy: 'Upgrading…' }],
    done: [DIALOG, step(6), { heading: 'You are a full member' }, { text: 'Your account is now a full member account. You can associate your old student accounts from your profile.' }, { text: 'Go to Account Association' }],
  },
  acts: {
    'upgrade.start': () => [{ click: 'Start' }],
    'form.change': (event) => {
      switch (event.field) {
        case 'email':
          return [{ fill: EMAIL, value: event.value }];
        case 'code':
          return [{ fill: CODE, value: event.value }];
        case 'gender':
          return [{ choose: event.value === 'male' ? 'Male' : 'Female' }];
        case 'yearOfBirth':
          return [{ fill: YEAR, value: event.value }];
        case 'roles':
          return event.value.map((role) => ({ check: { TEACHER: 'Teacher', STUDENT: 'Student', PARENT: 'Parent' }[role], checked: true }));
      }
    },
    'form.submit': (_event, before) => {
      if (before.matches('email')) return [{ click: 'Send the code' }];
      if (before.matches('code')) return [{ click: 'Verify' }];
      return [{ click: 'Become a full member' }];
    },
    'code.resend': () => [{ click: 'Send a new code' }],
    'email.edit': () => [{ click: 'Change the email' }],
    'phone.again': () => [{ click: 'Verify the number again' }],
    retry: (_event, before) => [{ click: before.matches('lapsed') ? 'Start again' : 'Try again' }],
  },
});
