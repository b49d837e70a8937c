import { CHUNK_LOAD_TIMEOUT_MS } from '../../contract/constants.ts';

/**
 * A chunk download that gives up after CHUNK_LOAD_TIMEOUT_MS (SPEC §9), so a stalled download ends
 * in the route's error screen, which offers a reload, instead of a spinner that never stops.
 */
export function chunk<T>(download: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The download of a part of the page timed out')), CHUNK_LOAD_TIMEOUT_MS);
    download.then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
