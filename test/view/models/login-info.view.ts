import { loginInfoModel } from '../../../machines/third-party/login-info.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const TITLE = { heading: 'Login information' } as const;
const UNLINK = 'Unlink {provider}';

export const loginInfoView = defineViewModel({
  model: loginInfoModel,
  evidence: {
    loading: [{ busy: 'Loading your login information…' }],
    loadFailed: [TITLE, { alert: 'We could not reach the server. Please check your connection and try again.' }, { button: 'Try again' }],
    ready: [TITLE, { heading: 'Google' }],
    'ready.idle': [
      { text: 'Linked: {email}, since {date} (Hong Kong time)' },
      { button: UNLINK },
      { heading: 'Linked member accounts' },
      { text: 'Your student member account {name} ({loginId}) was linked to this account by its upgrade on {date} (Hong Kong time).' },
    ],
    'ready.unlinked': [{ alert: 'The Google account is unlinked.' }, { text: 'Not linked' }],
    'ready.lastSignInMethod': [{ alert: 'This is the only way left to sign in to this account, so it cannot be unlinked. Set a password first.' }, { button: UNLINK }],
    'ready.failed': [{ alert: 'We could not reach the server. Please check your connection and try again.' }, { button: UNLINK }],
    confirmUnlink: [{ dialog: 'Unlink your Google account?' }, { text: 'You will no longer be able to sign in with {email}. You can link it again later.' }],
    unlinking: [{ busy: 'Unlinking…' }],
    saving: [{ busy: 'Saving your choice…' }],
    'ready.saved': [{ alert: 'Saved. Signing in with Google now opens the account you chose.' }, { text: 'Signing in with Google opens' }],
  },
  acts: {
    retry: () => [{ click: 'Try again' }],
    'unlink.ask': () => [{ click: UNLINK }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
    'dialog.confirm': () => [{ click: 'Unlink' }],
    // The page's Google button (its own flow) says when a link is done.
    'link.done': () => null,
    'choice.change': () => [{ choose: 'Old student account: {name} ({loginId})' }],
  },
});
