import { FAMILY_NAME } from '../../../machines/family/family-create.model.ts';
import { familyJoinModel } from '../../../machines/family/family-join.model.ts';
import { RECAPTCHA_ACTS } from '../support/recaptcha.ts';
import { defineViewModel } from '../support/view-model.ts';
import { familyRefusals, NETWORK, NICKNAME, refused, ROLE_LABELS } from './family-form.ts';

const FIELD_LABELS = {
  adminEmail: 'Family admin’s email address',
  familyRef: 'Family reference number',
  code: 'Family code',
  nickname: NICKNAME,
} as const;

const WITHDRAW_DIALOG = 'Cancel your join request?';
const PENDING = { heading: 'Your join request' } as const;
/** Every notice of the pending screen names the family (issue 13). */
const NAMES_FAMILY = { text: new RegExp(FAMILY_NAME) } as const;

export const familyJoinView = defineViewModel({
  model: familyJoinModel,
  evidence: {
    loading: [{ heading: 'Join a family' }, { busy: 'Checking for a join request…' }],
    loadFailed: [{ heading: 'Join a family' }, { alert: NETWORK }, { button: 'Try again' }],
    editing: [{ heading: 'Join a family' }, { button: 'Send join request' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: FIELD_LABELS.nickname }],
    ...familyRefusals(familyJoinModel, {
      familyCodeExpired: FIELD_LABELS.code,
      familyAdminEmailNotFound: FIELD_LABELS.adminEmail,
      familyCodeMismatch: FIELD_LABELS.code,
      familyNotFound: FIELD_LABELS.familyRef,
    }),
    'editing.joinLinkInvalid': refused('The join link has expired or is not valid. Please ask the family admin for a new link, or check the details below.'),
    submitting: [{ heading: 'Join a family' }, { busy: 'Sending the request…' }],
    held: [
      { heading: 'Please wait before trying again' },
      { alert: 'There were more than 5 incorrect join requests from your account in 24 hours. You can create or join a family again {retry}.' },
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
    ...RECAPTCHA_ACTS,
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
