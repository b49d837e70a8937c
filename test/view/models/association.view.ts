import { associationModel, SAMPLE_TICKET } from '../../../machines/association/association.model.ts';
import en from '../../../locales/en.json';
import zhHans from '../../../locales/zh_hans.json';
import zhHant from '../../../locales/zh_hant.json';
import { RECAPTCHA_ACTS, ROBOT } from '../support/recaptcha.ts';
import { refusalEvidence } from '../support/refusals.ts';
import { defineViewModel } from '../support/view-model.ts';
import { NETWORK } from '../support/messages.ts';

const TITLE = { heading: 'Account association' } as const;
const LOGIN_ID = 'Login ID of the student account';
const PASSWORD = 'Password of the student account';
const FORM = 'Associate a student account';
const REMOVAL_CODES = ['not_exist_user_relationship', 'inactiveAssociateAccount'];
/** The checked account as the server named it: its login ID, then its category in the page's words (any of the three languages: the evidence stays language-neutral). */
const CHECKED_ACCOUNT = new RegExp(`${SAMPLE_TICKET.cityId}\\s*[(（](?:${[en, zhHant, zhHans].map((locale) => locale['category.STUDENT']).join('|')})[)）]`);

export const associationView = defineViewModel({
  model: associationModel,
  evidence: {
    loading: [TITLE, { busy: 'Loading your associated accounts…' }],
    loadFailed: [TITLE, { heading: 'We could not load your associated accounts' }, { alert: NETWORK }, { button: 'Try again' }],
    forbidden: [TITLE, { heading: 'Account association is for full members' }, { text: 'Your account cannot be associated to other accounts' }, { absent: FORM }],
    editing: [TITLE, { heading: 'Associated student accounts' }, { heading: FORM }, { button: 'Associate' }],
    // The list read first: the demo full member's old student account, with when it was associated.
    'editing.idle': [{ absent: 'There is a problem' }, { text: /demo_oldstudent2/ }, { text: '{time} (Hong Kong time)' }],
    // Which fields are in error depends on the path (an empty form, half a form, or the server's refusal).
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    'editing.associated': [{ alert: '{loginId} is now associated with your account.' }, { text: /Demo Old Student 1/ }, { button: 'Remove {loginId}' }],
    'editing.removed': [{ alert: '{loginId} is no longer associated with your account.' }, { text: 'No student account is associated with your account yet.' }],
    // A refused association at the login ID; the wrong password also raises the form's problem; a refused removal at the top.
    ...refusalEvidence(associationModel, 'editing', (message, code) =>
      code === 'wrongPasswordOrUserNotFound'
        ? [{ alert: 'There is a problem' }, { field: LOGIN_ID, error: message }]
        : REMOVAL_CODES.includes(code)
          ? [{ alert: message }]
          : [{ field: LOGIN_ID, error: message }],
    ),
    // The form's own wording: a one-time password would not help here.
    'editing.throttled': [
      { field: LOGIN_ID, error: 'Too many incorrect passwords for this account from your network. Please try again {retry}.' },
      // SAMPLE_HOLD_UNTIL (13:00 UTC) in Hong Kong time, to the minute (rounded up: never before the wait ends).
      { field: LOGIN_ID, error: /(?:21|9):00(?!:\d)/ },
    ],
    // The student account is over its budget of wrong passwords: the robot check, as on the login page, in the form's words.
    'editing.challenge': [
      { alert: 'Many incorrect passwords have been tried for this student account. Please confirm you are not a robot, then associate it again.' },
      { text: ROBOT },
    ],
    'editing.failed': [{ alert: NETWORK }],
    // Only once the server has checked the account; the password is no longer in the form.
    checking: [TITLE, { busy: 'Checking…' }, { absent: 'Yes, associate' }],
    confirmingAssociate: [
      { dialog: 'Associate {loginId}?' },
      { text: 'The account {loginId} ({category}) will be associated with your member account. You can remove the association later.' },
      { text: CHECKED_ACCOUNT },
      { button: 'Yes, associate' },
    ],
    associating: [TITLE, { busy: 'Associating…' }],
    confirmingRemove: [
      { dialog: 'Remove the association with {loginId}?' },
      { text: 'The student account {loginId} will no longer be associated with your member account.' },
      { button: 'Yes, remove' },
    ],
    removing: [TITLE, { busy: 'Removing…' }],
  },
  acts: {
    'form.change': (event) => [{ fill: event.field === 'cityId' ? LOGIN_ID : PASSWORD, value: event.value }],
    'form.submit': () => [{ click: 'Associate' }],
    'association.remove': () => [{ click: 'Remove {loginId}' }],
    'dialog.confirm': (_event, before) => [{ click: before.matches('confirmingRemove') ? 'Yes, remove' : 'Yes, associate' }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
    retry: () => [{ click: 'Try again' }],
    ...RECAPTCHA_ACTS,
  },
});
