import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, toPromise } from 'xstate';
import type { User } from '../../../contract/schemas/account.ts';
import type { QrLoginRequest } from '../../../contract/schemas/login-qr.ts';
import { qrLoginMachine, type DecodedPhoto, type QrLoginEvent } from '../../../machines/login-qr/qr-login.machine.ts';
import { qrLoginModel as model, SAMPLE_QR_TEXT, samplePhoto, sampleQrUser } from '../../../machines/login-qr/qr-login.model.ts';
import { apiError, done, fail, networkError } from '../../../machines/model-kit.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const start = { type: 'camera.start' } as const;
const detected = { type: 'code.detected', text: SAMPLE_QR_TEXT } as const;

describeModelPaths('qrLogin', model);

describe('qrLogin', () => {
  it('starts by offering the camera or a photo', () => {
    expect(play(model).matches({ choosing: 'idle' })).toBe(true);
  });

  it('starts the camera, scans, and signs in with what it read', () => {
    expect(play(model, start).matches({ camera: 'starting' })).toBe(true);
    expect(play(model, start, { type: 'camera.ready', stream: null }).matches({ camera: 'scanning' })).toBe(true);
    const signing = play(model, start, { type: 'camera.ready', stream: null }, detected);
    expect(signing.matches('signingIn')).toBe(true);
    expect(signing.context.text).toBe(SAMPLE_QR_TEXT);
    const finished = play(model, start, detected, done('qrLogin', sampleQrUser()));
    expect(finished.status).toBe('done');
    expect(finished.output).toEqual(sampleQrUser());
    expect(finished.context.text).toBeNull();
  });

  it('explains a refused or missing camera and offers the photo', () => {
    const denied = play(model, start, { type: 'camera.denied' });
    expect(denied.matches({ choosing: 'cameraDenied' })).toBe(true);
    expect(play(model, start, { type: 'camera.unavailable' }).matches({ choosing: 'cameraUnavailable' })).toBe(true);
    expect(play(model, start, { type: 'camera.denied' }, { type: 'photo.choose', file: samplePhoto() }).matches('decoding')).toBe(true);
  });

  it('reads a photo, and says so when it holds no QR code', () => {
    const photo = { type: 'photo.choose', file: samplePhoto() } as const;
    expect(play(model, photo, done('decodePhoto', { text: SAMPLE_QR_TEXT })).matches('signingIn')).toBe(true);
    expect(play(model, photo, done('decodePhoto', { text: null })).matches({ choosing: 'photoUnreadable' })).toBe(true);
    expect(play(model, photo, fail('decodePhoto', new Error('offline'))).matches({ choosing: 'readFailed' })).toBe(true);
  });

  it('tells the user to contact the school administrator when the code is refused', () => {
    for (const code of ['qrCodeInvalid', 'qrLoginNotAllowed'] as const) {
      const snapshot = play(model, start, detected, fail('qrLogin', apiError(code)));
      expect(snapshot.matches({ choosing: 'refused' })).toBe(true);
      expect(snapshot.context.errorCode).toBe(code);
      expect(snapshot.context.text).toBeNull();
    }
    expect(play(model, start, detected, fail('qrLogin', apiError('invalidPayload'))).context.errorCode).toBe('qrCodeInvalid');
  });

  it('offers to try the same code again after a failure', () => {
    const failed = play(model, start, detected, fail('qrLogin', networkError()));
    expect(failed.matches({ choosing: 'failed' })).toBe(true);
    expect(play(model, start, detected, fail('qrLogin', networkError()), { type: 'retry' }).matches('signingIn')).toBe(true);
  });

  it('stops the camera whenever the state leaves the camera', async () => {
    let stopped = 0;
    let started = 0;
    const machine = qrLoginMachine.provide({
      actors: {
        camera: fromCallback<QrLoginEvent>(() => {
          started++;
          return () => {
            stopped++;
          };
        }),
        decodePhoto: fromPromise<DecodedPhoto, Blob>(async () => ({ text: SAMPLE_QR_TEXT })),
        qrLogin: fromPromise<User, QrLoginRequest>(async ({ input }) => {
          expect(input).toEqual({ code: SAMPLE_QR_TEXT });
          return sampleQrUser();
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send(start);
    actor.send({ type: 'camera.stop' });
    expect([started, stopped]).toEqual([1, 1]);
    actor.send(start);
    actor.send({ type: 'camera.denied' });
    expect([started, stopped]).toEqual([2, 2]);
    actor.send(start);
    actor.send({ type: 'camera.ready', stream: null });
    actor.send(detected);
    expect([started, stopped]).toEqual([3, 3]);
    await expect(toPromise(actor)).resolves.toEqual(sampleQrUser());
  });
});
