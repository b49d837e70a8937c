import { contextKey, defineModel, done, fail, networkError, sampleUser } from '../model-kit.ts';
import { qrLoginMachine } from './qr-login.machine.ts';

/** The text of a login QR code, as the camera or a photo reads it. */
export const SAMPLE_QR_TEXT = `PORTALQR1.${'A'.repeat(22)}.${'B'.repeat(43)}`;

/** The demo student, signed in by QR. */
export const sampleQrUser = () =>
  sampleUser({
    userId: 'u-student1',
    loginId: 'demo_student1',
    loginEmail: null,
    contactEmail: null,
    category: 'STUDENT',
    displayName: 'Demo Student 1',
    schoolCode: 'DEMO01',
    permissions: ['loginQrCode', 'student'],
  });

/** A photo as the file picker gives it (the fake reader never looks inside). */
export const samplePhoto = () => new Blob(['photo'], { type: 'image/png' });

export const qrLoginModel = defineModel(qrLoginMachine, {
  input: {},
  events: [
    { type: 'camera.start' },
    { type: 'camera.ready', stream: null },
    { type: 'camera.denied' },
    { type: 'camera.unavailable' },
    { type: 'code.detected', text: SAMPLE_QR_TEXT },
    { type: 'camera.stop' },
    { type: 'photo.choose', file: samplePhoto() },
    done('decodePhoto', { text: SAMPLE_QR_TEXT }),
    done('decodePhoto', { text: null }),
    fail('decodePhoto', new Error('The QR code reader could not be downloaded')),
    done('qrLogin', sampleQrUser()),
    fail('qrLogin', networkError()),
    { type: 'retry' },
  ],
  key: contextKey('stream', 'photo', 'text', 'errorCode', 'user'),
});
