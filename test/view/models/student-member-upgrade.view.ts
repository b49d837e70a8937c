import { studentMemberUpgradeModel } from '../../../machines/upgrade/student-member-upgrade.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const DIALOG = { dialog: 'Upgrade to student member' } as const;
const FAILED = { alert: 'Something went wrong, try again later.' } as const;
const DURATION = { text: 'It takes about 5 minutes. You can close this window and carry on later.' } as const;
// The number is an argument of the message: each state's step is checked by the model test of studentUpgradeStepOf.
const step = (_n: number) => ({ text: 'Step {step} of {total}' }) as const;
const KEPT = { text: 'Your progress is kept until {time} (Hong Kong time).' } as const;
const EMAIL = 'Personal email';
const CODE = 'Verification code';
const MEMBER_LOGIN = 'Member login ID or login email';

export const studentMemberUpgradeView = defineViewModel({
  model: studentMemberUpgradeModel,
  evidence: {
    loading: [DIALOG, { busy: 'Loading your upgrade…' }],
    loadFailed: [DIALOG, { text: 'Something went wrong, try again later.' }, { button: 'Try again' }],
    notEligible: [DIALOG, { text: 'This account cannot take this upgrade.' }],
    lapsed: [DIALOG, { text: 'An earlier step of the upgrade is not done, or your progress has lapsed. Please start again.' }, { button: 'Start again' }],
    intro: [DIALOG, step(1), DURATION, { heading: 'Become a student member' }, { button: 'Start' }],
    terms: [DIALOG, step(2), DURATION, { heading: 'Terms of the student membership' }],
    'terms.idle': [{ absent: 'There is a problem' }, { button: 'Continue' }],
    'terms.invalid': [{ alert: 'There is a problem' }, { invalid: 'I accept the terms of the student membership' }],
    'terms.failed': [FAILED],
    acceptingTerms: [DIALOG, step(2), { busy: 'Saving…' }],
    email: [DIALOG, step(3), { heading: 'Your personal email' }, { button: 'Send the code' }],
    'email.idle': [{ absent: 'There is a problem' }],
    'email.invalid': [{ alert: 'There is a problem' }, { invalid: EMAIL }],
    'email.taken': [{ field: EMAIL, error: 'This email is already another account’s login email.' }],
    'email.tooSoon': [{ alert: 'Please wait before asking for a new code.' }],
    'email.sendLimit': [{ alert: 'As many verification codes as allowed in 24 hours have been sent. Please try again tomorrow.' }],
    'email.failed': [FAILED],
    sendingCode: [DIALOG, step(3), { busy: 'Sending…' }],
    code: [DIALOG, step(4), { heading: 'Enter the code' }, { text: 'We emailed a six-digit code to {email}.' }, { button: 'Change the email' }],
    'code.resend.locked': [{ text: 'You can ask for a new code in {time}.' }, { absent: 'Send a new code' }],
    'code.resend.available': [{ button: 'Send a new code' }],
    'code.entry.editing': [{ button: 'Verify' }],
    'code.entry.editing.idle': [{ absent: 'There is a problem' }],
    'code.entry.editing.invalid': [{ alert: 'There is a problem' }, { invalid: CODE }],
    'code.entry.editing.wrong': [{ field: CODE, error: 'The verification code is wrong.' }],
    'code.entry.editing.notFound': [{ field: CODE, error: 'No verification code was found. Please ask for a new one.' }],
    'code.entry.editing.failed': [{ field: CODE, error: 'Something went wrong, try again later.' }],
    'code.entry.verifying': [{ busy: 'Checking…' }],
    codeExpired: [DIALOG, step(4), { heading: 'The code has expired' }, { text: 'Ask for a new code, or change the email.' }, { button: 'Send a new code' }],
    held: [DIALOG, step(3), { heading: 'Codes are on hold' }, { text: 'Too many incorrect attempts. Please try again after {holdUntil}.' }],
    subscribe: [DIALOG, step(5), { heading: 'Newsletter' }, KEPT],
    'subscribe.idle': [{ absent: 'There is a problem' }, { button: 'Continue' }],
    'subscribe.invalid': [{ alert: 'There is a problem' }],
    'subscribe.failed': [FAILED],
    savingSubscription: [DIALOG, step(5), { busy: 'Saving…' }],
    link: [DIALOG, step(6), { heading: 'Your member login' }, { button: 'Back' }, KEPT],
    'link.idle': [{ absent: 'There is a problem' }, { button: 'Finish the upgrade' }],
    'link.invalid': [{ alert: 'There is a problem' }],
    'link.wrongLogin': [{ alert: 'The account does not exist or the password is incorrect' }],
    'link.notMember': [{ alert: 'This account is not a member account, so it cannot be linked.' }],
    'link.throttled': [{ alert: 'Too many incorrect passwords for this account from your network. Please try again after {holdUntil} (Hong Kong time), or log in with a one-time password.' }],
    'link.emailTaken': [{ alert: 'This email is already another account’s login email.' }],
    'link.failed': [FAILED],
    finishing: [DIALOG, step(6), { busy: 'Upgrading…' }],
    done: [DIALOG, step(7), { heading: 'You are a student member' }, { text: 'Your member login email is {email}. Family groups are open to you now.' }, { text: 'Go to Family' }],
  },
  acts: {
    'upgrade.start': () => [{ click: 'Start' }],
    'form.change': (event) => {
      switch (event.field) {
        case 'acceptTerms':
          return [{ check: 'I accept the terms of the student membership', checked: event.value }];
        case 'email':
          return [{ fill: EMAIL, value: event.value }];
        case 'code':
          return [{ fill: CODE, value: event.value }];
        case 'subscribe':
          return [{ choose: event.value ? 'Yes, send me the students’ newsletter' : 'No, thank you' }];
        case 'mode':
          return [{ choose: event.value === 'link' ? 'Link to my existing member account' : 'Create a password for my new member account' }];
        case 'newPassword':
          return [{ fill: 'New password', value: event.value }];
        case 'confirmNewPassword':
          return [{ fill: 'Confirm new password', value: event.value }];
        case 'loginId':
          return [{ fill: MEMBER_LOGIN, value: event.value }];
        case 'password':
          return [{ fill: 'Member account password', value: event.value }];
      }
    },
    'form.submit': (_event, before) => {
      if (before.matches('email')) return [{ click: 'Send the code' }];
      if (before.matches('code')) return [{ click: 'Verify' }];
      if (before.matches('link')) return [{ click: 'Finish the upgrade' }];
      return [{ click: 'Continue' }];
    },
    'code.resend': () => [{ click: 'Send a new code' }],
    'email.edit': () => [{ click: 'Change the email' }],
    'step.back': () => [{ click: 'Back' }],
    retry: (_event, before) => [{ click: before.matches('lapsed') ? 'Start again' : 'Try again' }],
  },
});
