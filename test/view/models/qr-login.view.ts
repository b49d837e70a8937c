import { qrLoginModel } from '../../../machines/login-qr/qr-login.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const TITLE = { heading: 'Log in with your QR code' } as const;
const CAMERA = 'Use the camera';
const PHOTO = 'Choose a photo of your QR code';
const REFUSED = 'The code may have expired, been replaced or reported lost, or your account may not log in by QR code. Please contact your school administrator.';

export const qrLoginView = defineViewModel({
  model: qrLoginModel,
  evidence: {
    choosing: [TITLE, { button: CAMERA }, { text: PHOTO }],
    'choosing.idle': [{ absent: 'You cannot log in with this QR code' }],
    'choosing.cameraDenied': [{ heading: 'The camera is not allowed' }, { alert: 'Allow this site to use the camera in your browser settings and try again, or choose a photo of your QR code instead.' }],
    'choosing.cameraUnavailable': [{ heading: 'No camera could be used' }, { alert: 'This device has no camera we can use, or another app is using it. Choose a photo of your QR code instead.' }],
    'choosing.photoUnreadable': [{ heading: 'No QR code found in the photo' }, { alert: 'Choose a sharper photo that shows the whole code, or use the camera.' }],
    'choosing.readFailed': [{ heading: 'The photo could not be read' }],
    'choosing.refused': [{ heading: 'You cannot log in with this QR code' }, { alert: REFUSED }],
    'choosing.failed': [{ heading: 'We could not log you in' }, { alert: 'We could not reach the server. Please check your connection and try again.' }, { button: 'Try again' }],
    camera: [TITLE, { button: 'Stop the camera' }, { absent: PHOTO }],
    'camera.starting': [{ busy: 'Starting the camera…' }],
    'camera.scanning': [{ text: 'Hold your QR code in front of the camera.' }],
    decoding: [TITLE, { busy: 'Reading the photo…' }],
    signingIn: [TITLE, { busy: 'Logging you in…' }],
    done: [TITLE, { busy: 'You are logged in. Taking you to your page…' }],
  },
  acts: {
    'camera.start': () => [{ click: CAMERA }],
    'camera.stop': () => [{ click: 'Stop the camera' }],
    'photo.choose': () => [{ upload: PHOTO, file: 'login-qr.png' }],
    retry: () => [{ click: 'Try again' }],
  },
  // The camera actor sends these (faked here: the model's camera never starts a real one).
  appEvents: ['camera.ready', 'camera.denied', 'camera.unavailable', 'code.detected'],
});
