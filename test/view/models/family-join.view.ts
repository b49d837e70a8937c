import type { FamilyRole } from '../../../contract/schemas/family.ts';
import { FAMILY_NAME } from '../../../machines/family/family-create.model.ts';
import { familyJoinModel } from '../../../machines/family/family-join.model.ts';
import { defineViewModel, type Evidence } from '../support/view-model.ts';

const FIELD_LABELS = {
  adminEmail: 'Family admin’s email address',
  familyRef: 'Family reference number',
  code: 'Family code',
  nickname: 'Your nickname in the family',
} as const;

const ROLE_LABELS: Record<FamilyRole, string> = {
  FATHER: 'Father',
  MOTHER: 'Mother',
  GUARDIAN: 'Guardian',
  CHILD: 'Child',
  GRANDPARENT: 'Grandparent',
  SIBLING: 'Brother or sister',
  RELATIVE: 'Other relative',
  OTHER: 'Other',
};

const ROBOT = "I'm not a robot (development stand-in)";
const NETWORK = 'We could not reach the server. Please check your connection and try again.';
const WITHDRAW_DIALOG = 'Cancel your join request?';
const PENDING = { heading: 'Your join request' } as const;
/** Every notice of the pending screen names the family (issue 13). */
const NAMES_FAMILY = { text: new RegExp(FAMILY_NAME) } as const;

/** A refusal shown at the top of the join form. */
const refused = (message: string, ...more: Evidence): Evidence => [{ alert: 'There is a problem' }, { alert: message }, ...more];

export const familyJoinView = defineViewModel({
  model: familyJoinModel,
  evidence: {
    loading: [{ heading: 'Join a family' }, { busy: 'Checking for a join request…' }],
    loadFailed: [{ heading: 'Join a family' }, { alert: NETWORK }, { button: 'Try again' }],
    editing: [{ heading: 'Join a family' }, { button: 'Send join request' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: FIELD_LABELS.nickname }],
    'editing.indecent': refused('Some words are not allowed in family names and nicknames. Please change them.'),
    'editing.recaptchaFailed': refused('Please verify that you are not a robot.'),
    'editing.full': refused('The family reaches its full capacity.'),
    'editing.codeExpired': refused('The family code has expired. Please ask the family admin to regenerate it.', {
      field: FIELD_LABELS.code,
      error: 'The family code has expired. Please ask the family admin to regenerate it.',
    }),
    'editing.adminEmailNotFound': refused('No family admin uses this email address.', { field: FIELD_LABELS.adminEmail, error: 'No family admin uses this email address.' }),
    'editing.codeMismatch': refused('The family code does not match.', { field: FIELD_LABELS.code, error: 'The family code does not match.' }),
    'editing.notFound': refused('The family was not found.', { field: FIELD_LABELS.familyRef, error: 'The family was not found.' }),
    'editing.cannotJoin': refused('You cannot create or join a family now.'),
    'editing.joinLinkInvalid': refused('The join link has expired or is not valid. Please ask the family admin for a new link, or check the details below.'),
    'editing.noLoginEmail': refused('Your account has no login email. Please add a login email to your profile first.', { text: 'Add a login email in your profile' }),
    'editing.functionalAccount': refused('Functional accounts cannot join a family.'),
    'editing.studentOnly': refused('Student accounts must be upgraded to a student membership before joining a family.', {
      text: 'Upgrade your account to a student membership: it takes about 5 minutes.',
    }),
    'editing.failed': refused(NETWORK),
    submitting: [{ heading: 'Join a family' }, { busy: 'Sending the request…' }],
    held: [
      { heading: 'Please wait before trying again' },
      { alert: 'There were more than 5 incorrect join requests from your account in 24 hours. You can create or join a family again after {holdUntil}.' },
    ],
    // A modal dialog hides the page behind it from assistive technology: its states show the dialog only.
    'pending.refreshing': [PENDING, { busy: 'Checking your request…' }],
    'pending.refreshFailed': [PENDING, { alert: NETWORK }, { button: 'Refresh' }],
    'pending.waiting.idle': [
      PENDING,
      { alert: 'Your request to join “{familyName}” is waiting for a family admin. Refresh to see whether it has been answered.' },
      NAMES_FAMILY,
      { absent: WITHDRAW_DIALOG },
      { button: 'Cancel request' },
    ],
    'pending.waiting.confirmingWithdraw': [{ dialog: WITHDRAW_DIALOG }],
    'pending.declined.notice': [PENDING, { heading: 'Your request was declined' }, NAMES_FAMILY, { absent: WITHDRAW_DIALOG }, { button: 'Acknowledge' }],
    'pending.declined.confirmingWithdraw': [{ dialog: WITHDRAW_DIALOG }],
    'pending.kicked': [PENDING, { heading: 'You were removed from the family' }, NAMES_FAMILY, { button: 'Acknowledge' }],
    // SPEC §4: the member of a dismissed family presses Leave.
    'pending.dismissed': [PENDING, { heading: 'The family was dismissed' }, NAMES_FAMILY, { button: 'Leave the family' }, { absent: 'Acknowledge' }],
    'pending.withdrawing': [PENDING, { busy: 'Cancelling the request…' }],
    'pending.acknowledging': [PENDING, { busy: 'Saving…' }],
    'pending.cannotWithdraw': [PENDING, { alert: 'A request that has been processed cannot be withdrawn.' }, { button: 'Refresh' }],
    // The message is the refusal's own (any code): the state shows as a problem with a way to refresh.
    'pending.actionFailed': [PENDING, { alert: 'There is a problem' }, { button: 'Refresh' }, { absent: 'Acknowledge' }],
    accepted: [{ busy: 'Your request was accepted. Opening your family…' }],
    cancelled: [{ busy: 'Loading your family…' }],
  },
  acts: {
    'form.change': (event) => (event.field === 'role' ? (event.value === '' ? [] : [{ choose: ROLE_LABELS[event.value] }]) : [{ fill: FIELD_LABELS[event.field], value: event.value }]),
    'recaptcha.solve': () => [{ check: ROBOT }],
    'recaptcha.expire': () => [{ check: ROBOT, checked: false }],
    'form.submit': () => [{ click: 'Send join request' }],
    'form.cancel': () => [{ click: 'Back' }],
    retry: () => [{ click: 'Try again' }],
    'request.refresh': () => [{ click: 'Refresh' }],
    'request.withdraw': () => [{ click: 'Cancel request' }],
    'notice.acknowledge': (_event, before) => [{ click: before.matches({ pending: 'dismissed' }) ? 'Leave the family' : 'Acknowledge' }],
    'dialog.confirm': () => [{ click: 'Cancel request' }],
    'dialog.cancel': () => [{ click: 'Keep the request' }],
  },
});
