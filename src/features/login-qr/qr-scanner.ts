import { fromCallback, fromPromise } from 'xstate';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { DecodedPhoto, QrLoginEvent } from '../../../machines/login-qr/qr-login.machine.ts';

/** The part of the standard BarcodeDetector we use. */
interface Detector {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}

interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}

let detector: Promise<Detector> | null = null;

/**
 * The browser's own BarcodeDetector where it reads QR codes; else the `barcode-detector` ponyfill,
 * downloaded now (never with the page), its zxing wasm from our own assets, not a CDN
 * (docs/decisions/login-qr.md).
 */
export function qrDetector(): Promise<Detector> {
  detector ??= (async (): Promise<Detector> => {
    const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    if (native && (await native.getSupportedFormats().catch((): readonly string[] => [])).includes('qr_code')) return new native({ formats: ['qr_code'] });
    const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
    // prepareZXingModule is setZXingModuleOverrides (deprecated in zxing-wasm 3) that also starts the download now.
    await prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
      fireImmediately: true,
    });
    return new BarcodeDetector({ formats: ['qr_code'] });
  })();
  // A failed download is tried again next time rather than remembered.
  detector.catch(() => {
    detector = null;
  });
  return detector;
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

const SCAN_INTERVAL_MS = 200;

/**
 * The qrLogin machine's camera: opens the back camera, says `camera.ready` with the stream for the
 * preview, looks for a QR code every 200 ms and says `code.detected` with its text. The machine
 * stops this actor whenever it leaves its `camera` state, and stopping it stops the stream.
 */
export const cameraActor = fromCallback<QrLoginEvent>(({ sendBack }) => {
  let stream: MediaStream | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;

  void (async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      sendBack({ type: 'camera.unavailable' });
      return;
    }
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      if (!stopped) sendBack({ type: name === 'NotAllowedError' || name === 'SecurityError' ? 'camera.denied' : 'camera.unavailable' });
      return;
    }
    if (stopped) {
      stopTracks(stream);
      return;
    }
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    sendBack({ type: 'camera.ready', stream });
    let reader: Detector;
    try {
      reader = await qrDetector();
    } catch {
      if (!stopped) sendBack({ type: 'camera.unavailable' });
      return;
    }
    const look = async () => {
      if (stopped) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const found = await reader.detect(video).catch(() => []);
        const text = found.find((code) => code.rawValue)?.rawValue;
        if (text && !stopped) {
          sendBack({ type: 'code.detected', text });
          return;
        }
      }
      if (!stopped) timer = setTimeout(() => void look(), SCAN_INTERVAL_MS);
    };
    void look();
  })();

  return () => {
    stopped = true;
    clearTimeout(timer);
    if (stream) stopTracks(stream);
    video.srcObject = null;
  };
});

/** The qrLogin machine's photo reader: the text of the first QR code in the image, or null. */
export const decodePhotoActor = fromPromise<DecodedPhoto, Blob>(async ({ input }) => {
  const reader = await qrDetector();
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(input);
  } catch {
    // Not an image the browser can open: no code in it.
    return { text: null };
  }
  try {
    const found = await reader.detect(bitmap);
    return { text: found.find((code) => code.rawValue)?.rawValue ?? null };
  } finally {
    bitmap.close();
  }
});
