import { NEW_NICKNAME, profileFormModel } from '../../../machines/profile/profile-form.model.ts';
import { defineViewModel } from '../support/view-model.ts';
import { NETWORK } from '../support/messages.ts';

const TITLE = { heading: 'Personal details' } as const;
const SAVE = 'Save personal details';
const SAVED = 'Your changes have been saved.';
const FIELD_LABELS: Record<string, string> = { nickname: 'Nickname', yearOfBirth: 'Year of birth' };

export const profileFormView = defineViewModel({
  model: profileFormModel,
  evidence: {
    loading: [TITLE, { busy: 'Loading your profile…' }],
    loadFailed: [TITLE, { heading: 'We could not load this page.' }, { alert: NETWORK }, { button: 'Try again' }],
    // The display name given at registration shows in the account summary (issue 13 item 4).
    editing: [TITLE, { text: 'Display name' }, { button: SAVE }, { absent: SAVED }],
    'editing.idle': [{ absent: 'There is a problem' }],
    // The fields in error depend on the path (a malformed year, a refused or taken nickname).
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    'editing.failed': [{ alert: NETWORK }],
    'editing.generatingNickname': [{ busy: 'Suggesting a nickname…' }],
    // The check and the save look alike to the user: one busy "Saving…" button.
    validating: [TITLE, { busy: 'Saving…' }],
    saving: [TITLE, { busy: 'Saving…' }],
    // The account summary shows the display name the saved nickname gave (it stayed stale until a reload).
    saved: [TITLE, { alert: SAVED }, { button: SAVE }, { text: new RegExp(`^${NEW_NICKNAME}$`) }],
  },
  acts: {
    retry: () => [{ click: 'Try again' }],
    'form.change': (event) => [{ fill: FIELD_LABELS[event.field] ?? event.field, value: String(event.value) }],
    'form.submit': () => [{ click: SAVE }],
    'form.reset': () => [{ click: 'Undo changes' }],
    'nickname.generate': () => [{ click: 'Suggest a nickname' }],
  },
});
