import { defineScreen } from '../support/screen.ts';

export const qrLoginScreen = defineScreen('qrLogin', 'Log in/Log in with your QR code', {
  'choosing.idle': 'Scan or upload a QR code',
  'choosing.cameraDenied': 'Camera permission denied',
  'choosing.cameraUnavailable': 'No camera',
  'choosing.photoUnreadable': 'Photo unreadable',
  'choosing.readFailed': 'Photo could not be read',
  'choosing.refused': 'QR code refused',
  'choosing.failed': 'Sign-in failed',
  'camera.starting': 'Starting the camera',
  'camera.scanning': 'Scanning',
  decoding: 'Reading the photo',
  signingIn: 'Signing in',
  done: 'Signed in',
});
