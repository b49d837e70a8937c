import { studentMemberUpgradeModel } from '../../../machines/upgrade/student-member-upgrade.model.ts';
import { refusalEvidence } from '../support/refusals.ts';
import { defineViewModel, type Evidence } from '../support/view-model.ts';
import { DURATION, emailCodeChange, emailCodeSubmit, FAILED, KEPT, step, wizardActs, wizardFrame } from './wizard.ts';
import { RECAPTCHA_ACTS, ROBOT } from '../support/recaptcha.ts';

const frame = wizardFrame('Upgrade to student member');
const DIALOG = frame.dialog;
const MEMBER_LOGIN = 'Member login ID or login email';

export const studentMemberUpgradeView = defineViewModel({
  model: studentMemberUpgradeModel,
  evidence: {
    ...frame.evidence,
    ...frame.emailCode(3),
    intro: [DIALOG, step(1), DURATION, { heading: 'Become a student member' }, { button: 'Start' }],
    terms: [DIALOG, step(2), DURATION, { heading: 'Terms of the student membership' }],
    'terms.idle': [{ absent: 'There is a problem' }, { button: 'Continue' }],
    'terms.invalid': [{ alert: 'There is a problem' }, { invalid: 'I accept the terms of the student membership' }],
    'terms.failed': [FAILED],
    acceptingTerms: [DIALOG, step(2), { busy: 'Saving…' }],
    subscribe: [DIALOG, step(5), { heading: 'Newsletter' }, KEPT],
    'subscribe.idle': [{ absent: 'There is a problem' }, { button: 'Continue' }],
    'subscribe.invalid': [{ alert: 'There is a problem' }],
    'subscribe.failed': [FAILED],
    savingSubscription: [DIALOG, step(5), { busy: 'Saving…' }],
    link: [DIALOG, step(6), { heading: 'Your member login' }, { button: 'Back' }, KEPT],
    'link.idle': [{ absent: 'There is a problem' }, { button: 'Finish the upgrade' }],
    'link.invalid': [{ alert: 'There is a problem' }],
    // Each refusal's message as an alert; the challenge also shows its robot check, as on the login page.
    ...refusalEvidence(studentMemberUpgradeModel, 'link', (message, code): Evidence => [{ alert: message }, ...(code === 'loginChallengeRequired' ? [{ text: ROBOT }] : [])]),
    'link.failed': [FAILED],
    finishing: [DIALOG, step(6), { busy: 'Upgrading…' }],
    // The model's finish is the "create" one: the new password replaced the school one (issue 26).
    done: [
      DIALOG,
      step(7),
      { heading: 'You are a student member' },
      { text: 'This account is now a student member account. Log in with {email} or your login ID and your new password: your school password no longer works. Family groups are open to you now.' },
      { text: 'Go to Family' },
    ],
  },
  acts: {
    ...wizardActs,
    ...RECAPTCHA_ACTS,
    'form.change': (event) => {
      switch (event.field) {
        case 'acceptTerms':
          return [{ check: 'I accept the terms of the student membership', checked: event.value }];
        case 'subscribe':
          return [{ choose: event.value ? 'Yes, send me the students’ newsletter' : 'No, thank you' }];
        case 'mode':
          return [{ choose: event.value === 'link' ? 'Yes: link this account to my member account' : 'No: set a new password for this account' }];
        case 'newPassword':
          return [{ fill: 'New password', value: event.value }];
        case 'confirmNewPassword':
          return [{ fill: 'Confirm new password', value: event.value }];
        case 'loginId':
          return [{ fill: MEMBER_LOGIN, value: event.value }];
        case 'password':
          return [{ fill: 'Member account password', value: event.value }];
        default:
          return emailCodeChange(event);
      }
    },
    'form.submit': (_event, before) => emailCodeSubmit(before) ?? [{ click: before.matches('link') ? 'Finish the upgrade' : 'Continue' }],
    'step.back': () => [{ click: 'Back' }],
  },
});
