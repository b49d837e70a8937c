import { defineMessages } from '../../i18n/define-messages.ts';

export const qrLoginMessages = defineMessages({
  title: { id: 'qrLogin.title', defaultMessage: 'Log in with your QR code', description: 'Heading and tab title of the QR code login page (/qr-login).' },
  lead: {
    id: 'qrLogin.lead',
    defaultMessage: 'Show your login QR code card to the camera, or choose a photo of it.',
    description: 'Lead text of the QR code login page.',
  },
  useCamera: { id: 'qrLogin.useCamera', defaultMessage: 'Use the camera', description: 'Button that starts the camera to scan the QR code.' },
  choosePhoto: { id: 'qrLogin.choosePhoto', defaultMessage: 'Choose a photo of your QR code', description: 'Label of the file picker for a photo of the QR code.' },
  choosePhotoHint: {
    id: 'qrLogin.choosePhotoHint',
    defaultMessage: 'A clear photo of the whole card, or the PNG file downloaded from your profile.',
    description: 'Hint under the photo picker.',
  },
  starting: { id: 'qrLogin.starting', defaultMessage: 'Starting the camera…', description: 'Busy text while the camera starts.' },
  scanning: { id: 'qrLogin.scanning', defaultMessage: 'Hold your QR code in front of the camera.', description: 'Shown while the camera looks for a QR code.' },
  preview: { id: 'qrLogin.preview', defaultMessage: 'Camera view', description: 'Accessible name of the camera preview.' },
  stopCamera: { id: 'qrLogin.stopCamera', defaultMessage: 'Stop the camera', description: 'Button that stops the camera and goes back to the choice.' },
  decoding: { id: 'qrLogin.decoding', defaultMessage: 'Reading the photo…', description: 'Busy text while the photo is searched for a QR code.' },
  signingIn: { id: 'qrLogin.signingIn', defaultMessage: 'Logging you in…', description: 'Busy text while the QR code is checked.' },
  signedIn: { id: 'qrLogin.signedIn', defaultMessage: 'You are logged in. Taking you to your page…', description: 'Shown briefly after a successful QR code login.' },
  cameraDeniedTitle: { id: 'qrLogin.cameraDeniedTitle', defaultMessage: 'The camera is not allowed', description: 'Title shown when camera access was refused.' },
  cameraDeniedBody: {
    id: 'qrLogin.cameraDeniedBody',
    defaultMessage: 'Allow this site to use the camera in your browser settings and try again, or choose a photo of your QR code instead.',
    description: 'Shown when camera access was refused.',
  },
  cameraUnavailableTitle: { id: 'qrLogin.cameraUnavailableTitle', defaultMessage: 'No camera could be used', description: 'Title shown when no camera could be started.' },
  cameraUnavailableBody: {
    id: 'qrLogin.cameraUnavailableBody',
    defaultMessage: 'This device has no camera we can use, or another app is using it. Choose a photo of your QR code instead.',
    description: 'Shown when no camera could be started.',
  },
  photoUnreadableTitle: { id: 'qrLogin.photoUnreadableTitle', defaultMessage: 'No QR code found in the photo', description: 'Title shown when the chosen photo holds no readable QR code.' },
  photoUnreadableBody: {
    id: 'qrLogin.photoUnreadableBody',
    defaultMessage: 'Choose a sharper photo that shows the whole code, or use the camera.',
    description: 'Shown when the chosen photo holds no readable QR code.',
  },
  readFailedTitle: { id: 'qrLogin.readFailedTitle', defaultMessage: 'The photo could not be read', description: 'Title shown when the QR code reader failed.' },
  readFailedBody: {
    id: 'qrLogin.readFailedBody',
    defaultMessage: 'Please check your connection and choose the photo again.',
    description: 'Shown when the QR code reader failed (it could not be downloaded).',
  },
  refusedTitle: { id: 'qrLogin.refusedTitle', defaultMessage: 'You cannot log in with this QR code', description: 'Title shown when the server refused the QR code.' },
  refusedBody: {
    id: 'qrLogin.refusedBody',
    defaultMessage: 'The code may have expired, been replaced or reported lost, or your account may not log in by QR code. Please contact your school administrator.',
    description: 'Shown when the server refused the QR code, whatever the reason.',
  },
  failedTitle: { id: 'qrLogin.failedTitle', defaultMessage: 'We could not log you in', description: 'Title shown when the QR code login got no answer.' },
  retry: { id: 'qrLogin.retry', defaultMessage: 'Try again', description: 'Button that sends the same QR code again.' },
  otherWays: { id: 'qrLogin.otherWays', defaultMessage: 'Log in with your password instead', description: 'Link back to the password login page.' },
});
