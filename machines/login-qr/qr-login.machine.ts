import { assertEvent, assign, fromCallback, setup } from 'xstate';
import type { User } from '../../contract/schemas/account.ts';
import * as loginQr from '../../contract/calls/login-qr.ts';
import { actorOutput, callActors, calling, childrenOf, errorCodeActions, failTo, flowTypes, formGuards, hasCode, unprovided, type FailureCode } from '../form.ts';

export type QrLoginInput = Record<string, never>;

/** What the camera actor tells the machine; it runs while the machine is in `camera`. */
export type CameraEvent =
  | { type: 'camera.ready'; stream: MediaStream | null }
  | { type: 'camera.denied' }
  | { type: 'camera.unavailable' }
  | { type: 'code.detected'; text: string };

export type QrLoginEvent =
  | { type: 'camera.start' }
  | { type: 'camera.stop' }
  | { type: 'photo.choose'; file: Blob }
  | { type: 'retry' }
  | CameraEvent;

export interface QrLoginContext {
  /** The camera's stream for the preview, while the camera is on. */
  stream: MediaStream | null;
  /** The photo being read. */
  photo: Blob | null;
  /** The text read from the QR code (the code's secret: sent once, kept only for a retry). */
  text: string | null;
  /** The code of a refusal or failure, for its message. */
  errorCode: FailureCode | null;
  /** The signed-in user, once done. */
  user: User | null;
}

/** What the photo reader answers: the text of the first QR code found, or null. */
export interface DecodedPhoto {
  text: string | null;
}

function userOutput({ context }: { context: QrLoginContext }): User {
  if (!context.user) throw new Error('qrLogin reached done without a user');
  return context.user;
}

/** Every way on from a screen where the user picks how to read the code. */
const CHOICES = {
  'camera.start': { target: '#qrLogin.camera' },
  'photo.choose': { target: '#qrLogin.decoding', actions: 'assignPhoto' },
} as const;

const actors = {
  ...callActors('qrLogin', { qrLogin: loginQr.login }),
  /** Opens the camera, sends `camera.ready`, then `code.detected` once it reads a code; stopping it stops the camera. */
  camera: fromCallback<QrLoginEvent>(({ sendBack }) => {
    sendBack({ type: 'camera.unavailable' });
  }),
  decodePhoto: unprovided<DecodedPhoto, Blob>('qrLogin', 'decodePhoto'),
};

export const qrLoginMachine = setup({
  types: { ...flowTypes<QrLoginContext, QrLoginEvent, QrLoginInput>(), output: {} as User, children: childrenOf(actors) },
  actors,
  guards: {
    ...formGuards,
    foundCode: ({ event }) => actorOutput<DecodedPhoto>(event, 'decodePhoto').text !== null,
  },
  actions: {
    assignStream: assign({
      stream: ({ event }) => {
        assertEvent(event, 'camera.ready');
        return event.stream;
      },
    }),
    clearStream: assign({ stream: null }),
    assignDetected: assign({
      text: ({ event }) => {
        assertEvent(event, 'code.detected');
        return event.text;
      },
    }),
    assignPhoto: assign({
      photo: ({ event }) => {
        assertEvent(event, 'photo.choose');
        return event.file;
      },
    }),
    assignDecoded: assign({ text: ({ event }) => actorOutput<DecodedPhoto>(event, 'decodePhoto').text, photo: null }),
    forgetPhoto: assign({ photo: null }),
    ...errorCodeActions<QrLoginContext, QrLoginEvent>(),
    /** A text too long or empty for the call is not a code of ours: the same refusal as the server's. */
    assignInvalidCode: assign({ errorCode: 'qrCodeInvalid' as const }),
    assignUser: assign({ user: ({ event }) => actorOutput<User>(event, 'qrLogin'), text: null }),
    forgetText: assign({ text: null }),
  },
}).createMachine({
  id: 'qrLogin',
  context: { stream: null, photo: null, text: null, errorCode: null, user: null },
  output: userOutput,
  initial: 'choosing',
  states: {
    /** Camera or photo; the substates say what happened to the last try. */
    choosing: {
      tags: ['ready'],
      initial: 'idle',
      on: CHOICES,
      states: {
        idle: {},
        /** The browser or the user refused the camera: explain, and offer the photo. */
        cameraDenied: { tags: ['error'] },
        /** No camera, or it could not be started. */
        cameraUnavailable: { tags: ['error'] },
        /** No QR code found in the photo. */
        photoUnreadable: { tags: ['error'] },
        /** The reader itself failed (it could not be downloaded). */
        readFailed: { tags: ['error'] },
        /** The code was read but does not sign in: contact the school administrator. */
        refused: { tags: ['error'] },
        /** The sign-in got no answer: the same code may be tried again. */
        failed: { tags: ['error'], on: { retry: { target: '#qrLogin.signingIn', actions: 'clearError' } } },
      },
    },
    /** The camera runs only in here: leaving stops the actor, which stops the stream. */
    camera: {
      invoke: { id: 'camera', src: 'camera' },
      exit: 'clearStream',
      initial: 'starting',
      on: {
        'camera.ready': { target: '.scanning', actions: 'assignStream' },
        'camera.denied': { target: 'choosing.cameraDenied' },
        'camera.unavailable': { target: 'choosing.cameraUnavailable' },
        'code.detected': { target: 'signingIn', actions: 'assignDetected' },
        'camera.stop': { target: 'choosing.idle' },
      },
      states: {
        starting: { tags: ['busy'] },
        scanning: { tags: ['ready'] },
      },
    },
    decoding: calling('decodePhoto', {
      input: ({ context }: { context: QrLoginContext }) => context.photo ?? new Blob(),
      onDone: [
        { guard: 'foundCode', target: 'signingIn', actions: 'assignDecoded' },
        { target: 'choosing.photoUnreadable', actions: 'forgetPhoto' },
      ],
      onError: { target: 'choosing.readFailed', actions: ['forgetPhoto', 'assignErrorCode'] },
    }),
    signingIn: calling('qrLogin', {
      input: ({ context }: { context: QrLoginContext }) => ({ code: context.text ?? '' }),
      onDone: { target: 'done', actions: 'assignUser' },
      onError: [
        { guard: hasCode('qrCodeInvalid', 'qrLoginNotAllowed'), target: 'choosing.refused', actions: ['assignErrorCode', 'forgetText'] },
        { guard: hasCode('invalidPayload'), target: 'choosing.refused', actions: ['assignInvalidCode', 'forgetText'] },
        failTo('choosing.failed'),
      ],
    }),
    done: { type: 'final', tags: ['done'] },
  },
});
