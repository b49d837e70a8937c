import type { AnyMachineSnapshot } from 'xstate';
import { currentMember, requestsPageOf, type FamilyDetailsContext } from '../../../machines/family/family-details.machine.ts';
import { familyDetailsModel } from '../../../machines/family/family-details.model.ts';
import { refusalMessages } from '../support/refusals.ts';
import { defineViewModel, type Evidence, type Gesture, type Text } from '../support/view-model.ts';
import { NETWORK, NICKNAME, ROLE_LABELS } from './family-form.ts';

const FIELD_LABELS = {
  familyName: 'Family name',
  nickname: NICKNAME,
  inviteEmail: 'Email address of the person to invite',
} as const;

const TITLE = { heading: 'Family' } as const;
/** The ready page is headed by the family's own name (data, the same in every language): the model's sample families. */
const FAMILY_NAME = { heading: /^The (Chans|Wongs|Lees)$/u } as const;
const UNKNOWN = 'Something went wrong. Please reload the page; if it happens again, email {supportEmail}.';
const PROBLEM = 'This could not be done';
const DISMISSED_TITLE = 'This family has been dismissed';
const DISMISSED_BODY = 'The family admin dismissed “{familyName}”. Leave it to join or create another family.';
const COPIED = 'The join link was copied. Paste it into a message to invite someone.';
const SHARED = 'WhatsApp opened in a new window with the join link.';
const INVITED = 'The invitation was sent to {email}.';
const ONLY_ADMIN = 'You are the only admin: make another member an admin before leaving.';
const LAST_ADMIN = 'Every family needs at least one admin. Make another member an admin first.';

/** Refusal states with a screen of their own rather than the refusal dialog. */
const OWN_SCREEN = ['ready.singleAdmin', 'ready.codeExpired'];
/** The refusals whose message dialog always says the same (the code the state declares), by state. */
const REFUSALS = Object.entries(refusalMessages(familyDetailsModel, 'ready')).filter(([state]) => !OWN_SCREEN.includes(state));

const refused = (message: Text): Evidence => [{ dialog: PROBLEM }, { text: message }];
const refusalEvidence = Object.fromEntries(REFUSALS.map(([state, message]) => [state, refused(message)]));
/** No fixed refusal's message: what is left to tell a varying message's dialog from the others. */
const noFixedRefusal: Evidence = REFUSALS.map(([, message]) => ({ absent: message }));

// ---- Gestures: the buttons the signed-in user ("Papa Chan") has for a member or a request ----

type Context = FamilyDetailsContext;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as Context;
const isAdmin = (context: Context) => currentMember(context)?.isAdmin === true;
const escape = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A row button's name: the visible verb and the nickname, hidden for screen readers only. */
const rowButton = (verb: string, nickname: string): RegExp => new RegExp(`^${escape(verb)}\\s+${escape(nickname)}$`, 'u');

function memberOf(context: Context, memberId: string) {
  return context.family?.members.find((member) => member.memberId === memberId && member.status === 'active');
}

function adminCount(context: Context): number {
  return context.family?.members.filter((member) => member.status === 'active' && member.isAdmin).length ?? 0;
}

/** A request's button, when the admin sees the request on the page shown. */
function requestGesture(verb: string, memberId: string, before: AnyMachineSnapshot): readonly Gesture[] | null {
  const context = contextOf(before);
  const request = requestsPageOf(context).rows.find((row) => row.memberId === memberId);
  return isAdmin(context) && request ? [{ click: rowButton(verb, request.nickname) }] : null;
}

/** A button the admin's page offers (an ordinary member's page has none of these). */
const adminClick = (name: Text) => (_event: unknown, before: AnyMachineSnapshot) => (isAdmin(contextOf(before)) ? [{ click: name }] : null);

/** The confirm button of each confirmation dialog, by its state. */
function confirmButton(before: AnyMachineSnapshot): Text {
  const context = contextOf(before);
  const pending = context.pending;
  if (pending?.kind === 'member') {
    const person = memberOf(context, pending.memberId) ?? context.requests.find((request) => request.memberId === pending.memberId);
    const verb = { ACCEPT: 'Accept', ACCEPT_AND_GRANT_ADMIN: 'Accept as admin', DECLINE: 'Decline', KICK: 'Remove', GRANT_ADMIN: 'Make admin', REMOVE_ADMIN: 'Remove admin rights' }[pending.action];
    return rowButton(verb, person?.nickname ?? '');
  }
  if (before.matches('dismissedNotice')) return 'Leave the family';
  switch (pending?.kind) {
    case 'rename':
      return 'Rename family';
    case 'updateSelf':
      return 'Save nickname and role';
    case 'regenerateCode':
      return 'Regenerate code';
    case 'invite':
      return 'Send invitation';
    case 'copyLink':
      return 'Copy join link';
    case 'shareWhatsApp':
      return 'Share on WhatsApp';
    case 'dismiss':
      return 'Dismiss the family';
    default:
      return 'Leave the family';
  }
}

export const familyDetailsView = defineViewModel({
  model: familyDetailsModel,
  evidence: {
    // loading.family and loading.requests look the same: one spinner until both reads are in.
    loading: [TITLE, { busy: 'Loading your family…' }],
    loadFailed: [TITLE, { alert: 'There is a problem' }, { alert: NETWORK }, { button: 'Try again' }],
    // A modal dialog hides the page behind it from assistive technology: dialog states show the dialog only.
    'ready.open': [FAMILY_NAME, { heading: 'Members' }, { button: 'Leave the family' }],
    'ready.open.idle': [{ absent: 'There is a problem' }, { absent: PROBLEM }, { absent: COPIED }, { absent: SHARED }, { absent: INVITED }],
    // Which field is in error depends on the path (an empty name or nickname, a malformed address, a server's refusal).
    'ready.open.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }, { absent: PROBLEM }],
    'ready.open.copied': [{ alert: COPIED }],
    'ready.open.shared': [{ alert: SHARED }],
    'ready.open.invited': [{ alert: INVITED }],
    // Saving what is saved: said beside the form, no dialog (issue 13).
    'ready.open.unchanged': [{ alert: 'Nothing to save: this is already what is saved.' }, { absent: 'Rename the family?' }],
    'ready.confirming.accept': [{ dialog: 'Accept {nickname}?' }, { text: '{nickname} ({role}) will become a member of the family.' }],
    'ready.confirming.decline': [{ dialog: 'Decline {nickname}?' }, { text: '{nickname} will see that the request was declined.' }],
    'ready.confirming.acceptAndGrantAdmin': [{ dialog: 'Accept {nickname} as an admin?' }],
    'ready.confirming.kick': [{ dialog: 'Remove {nickname} from the family?' }],
    'ready.confirming.grantAdmin': [{ dialog: 'Make {nickname} an admin?' }],
    'ready.confirming.removeAdmin': [{ dialog: 'Remove admin rights from {nickname}?' }],
    'ready.confirming.rename': [{ dialog: 'Rename the family?' }],
    'ready.confirming.updateSelf': [{ dialog: 'Save your nickname and role?' }],
    'ready.confirming.regenerateCode': [{ dialog: 'Regenerate the family code?' }],
    'ready.confirming.invite': [{ dialog: 'Send an invitation?' }],
    'ready.confirming.copyLink': [{ dialog: 'Copy the join link?' }],
    'ready.confirming.shareWhatsApp': [{ dialog: 'Share the join link on WhatsApp?' }],
    'ready.confirming.dismiss': [{ dialog: 'Dismiss “{familyName}”?' }],
    'ready.confirming.leave': [{ dialog: 'Leave “{familyName}”?' }, { absent: DISMISSED_BODY }],
    // Every call shows the same spinner: which one is under way is not told apart on screen.
    'ready.submitting': [FAMILY_NAME, { busy: 'Saving your change…' }, { absent: 'Updating…' }, { absent: PROBLEM }],
    // Both reads (the family, then an admin's requests) show the same spinner.
    'ready.refreshing': [FAMILY_NAME, { busy: 'Updating…' }, { absent: 'Saving your change…' }, { absent: PROBLEM }],
    'ready.codeExpired': [{ dialog: 'The family code has expired' }, { button: 'Regenerate code' }],
    ...refusalEvidence,
    // The message is the last admin's when admin rights were being taken away, else the leaver's.
    'ready.singleAdmin': [{ dialog: PROBLEM }, ...noFixedRefusal, { absent: NETWORK }, { absent: UNKNOWN }],
    // The message is the failure's own: the network's, or an unknown failure of the clipboard or the share window.
    'ready.failed': [{ dialog: PROBLEM }, ...noFixedRefusal, { absent: ONLY_ADMIN }, { absent: LAST_ADMIN }],
    dismissedNotice: [{ text: DISMISSED_BODY }],
    'dismissedNotice.notice': [{ heading: DISMISSED_TITLE }, { button: 'Leave the family' }, { absent: 'There is a problem' }, { absent: 'Leaving the family…' }],
    'dismissedNotice.confirming': [{ dialog: 'Leave “{familyName}”?' }],
    'dismissedNotice.leaving': [{ heading: DISMISSED_TITLE }, { busy: 'Leaving the family…' }],
    'dismissedNotice.failed': [{ heading: DISMISSED_TITLE }, { alert: 'There is a problem' }, { button: 'Leave the family' }],
    // The three endings look the same: the page is read again by the family home.
    left: [TITLE, { busy: 'Updating your family page…' }],
    dismissed: [TITLE, { busy: 'Updating your family page…' }],
    removed: [TITLE, { busy: 'Updating your family page…' }],
  },
  acts: {
    retry: () => [{ click: 'Try again' }],
    'family.refresh': () => [{ click: 'Refresh' }],
    // The paging buttons are disabled at either end: there a press sends nothing.
    'requests.next': (_event, before) => {
      const { page, pageCount } = requestsPageOf(before.context);
      return page + 1 < pageCount ? [{ click: 'Next' }] : null;
    },
    'requests.previous': (_event, before) => (before.context.requestsPage > 0 ? [{ click: 'Previous' }] : null),
    // Events naming a request or member the screen does not offer (an unknown member, a request on
    // another page, any member action on an ordinary member's page, "make admin" for an admin, the
    // last admin's "remove admin rights") come from a stale screen: the act says null and the
    // harness sends them as they are.
    'member.accept': (event, before) => requestGesture('Accept', event.memberId, before),
    'member.acceptAndGrantAdmin': (event, before) => requestGesture('Accept as admin', event.memberId, before),
    'member.decline': (event, before) => requestGesture('Decline', event.memberId, before),
    'member.kick': (event, before) => {
      const member = memberOf(before.context, event.memberId);
      return isAdmin(before.context) && member && !member.isCurrentUser ? [{ click: rowButton('Remove', member.nickname) }] : null;
    },
    'member.grantAdmin': (event, before) => {
      const member = memberOf(before.context, event.memberId);
      return isAdmin(before.context) && member && !member.isAdmin ? [{ click: rowButton('Make admin', member.nickname) }] : null;
    },
    'member.removeAdmin': (event, before) => {
      const member = memberOf(before.context, event.memberId);
      return isAdmin(before.context) && member?.isAdmin && adminCount(before.context) > 1 ? [{ click: rowButton('Remove admin rights', member.nickname) }] : null;
    },
    'family.rename': (event, before) =>
      isAdmin(before.context) ? [{ fill: FIELD_LABELS.familyName, value: event.familyName }, { click: 'Rename family' }] : null,
    'self.update': (event) => [
      { fill: FIELD_LABELS.nickname, value: event.nickname },
      ...(event.familyRole === '' ? [] : [{ choose: ROLE_LABELS[event.familyRole] }]),
      { click: 'Save nickname and role' },
    ],
    'invite.send': (event, before) => (isAdmin(before.context) ? [{ fill: FIELD_LABELS.inviteEmail, value: event.email }, { click: 'Send invitation' }] : null),
    'invite.whatsapp': adminClick('Share on WhatsApp'),
    'link.copy': adminClick('Copy join link'),
    // On the page and in the expired code's dialog alike.
    'code.regenerate': adminClick('Regenerate code'),
    'family.dismiss': adminClick('Dismiss the family'),
    'family.leave': () => [{ click: 'Leave the family' }],
    'dialog.confirm': (_event, before) => [{ click: confirmButton(before) }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
    'error.dismiss': (_event, before) => [{ click: before.matches({ ready: 'codeExpired' }) ? 'Cancel' : 'OK' }],
  },
});
