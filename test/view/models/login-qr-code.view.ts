import { loginQrCodeModel } from '../../../machines/login-qr/login-qr-code.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const TITLE = { heading: 'Login QR code' } as const;
const HK = '{time} (Hong Kong time)';
const MAKE = 'Make a QR code';

export const loginQrCodeView = defineViewModel({
  model: loginQrCodeModel,
  evidence: {
    loading: [TITLE, { busy: 'Loading your login QR code…' }],
    showing: [
      TITLE,
      { text: 'Name' },
      { text: 'Created' },
      { text: 'Expires' },
      { text: HK },
      { text: 'Download as PNG' },
      { button: 'Print' },
      { button: 'Make a new code' },
      { button: 'Report the code lost' },
    ],
    'showing.current': [{ absent: 'New code made' }],
    'showing.refreshed': [{ alert: 'Your previous QR code no longer works. Download or print this one.' }],
    // The first code (or one after a lost or expired one) stopped nothing: no word of a previous code.
    'showing.made': [{ alert: 'Download or print it, then log in by scanning it instead of typing your password.' }, { absent: 'Your previous QR code no longer works. Download or print this one.' }],
    confirmingRefresh: [{ dialog: 'Make a new QR code?' }, { text: 'Your current QR code, and any card printed from it, will stop working at once.' }, { button: 'Yes, make a new code' }],
    confirmingLose: [{ dialog: 'Report your QR code lost?' }, { button: 'Yes, the code is lost' }],
    refreshing: [TITLE, { busy: 'Making a new code…' }],
    making: [TITLE, { busy: 'Making a new code…' }],
    losing: [TITLE, { busy: 'Stopping the code…' }],
    lost: [TITLE, { heading: 'Your QR code was reported lost' }, { text: 'Reported lost' }, { text: HK }, { button: MAKE }],
    expired: [TITLE, { heading: 'Your QR code has expired' }, { text: 'Expires' }, { button: MAKE }],
    none: [TITLE, { heading: 'You have no login QR code yet' }, { button: MAKE }, { absent: 'Created' }],
    forbidden: [
      TITLE,
      { heading: 'Your account has no login QR code' },
      { text: 'Login QR codes are for students whose school allows logging in by QR code. If you think you should have one, please contact your school administrator.' },
      { absent: MAKE },
    ],
    failed: [TITLE, { heading: 'We could not load your QR code' }, { alert: 'We could not reach the server. Please check your connection and try again.' }, { button: 'Try again' }],
  },
  acts: {
    'code.refresh': (_event, before) => [{ click: before.matches('showing') ? 'Make a new code' : MAKE }],
    'code.lose': () => [{ click: 'Report the code lost' }],
    'dialog.confirm': (_event, before) => [{ click: before.matches('confirmingLose') ? 'Yes, the code is lost' : 'Yes, make a new code' }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
    retry: () => [{ click: 'Try again' }],
  },
});
