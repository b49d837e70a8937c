/** The path the browser loaded the document at, before the router changed anything. */
const initialDocumentPath = typeof window === 'undefined' ? '' : window.location.pathname;

/**
 * True when this very document was loaded at /404.html, i.e. the server answered that URL with
 * the app rather than its own 404 page: sending the browser there again would loop.
 */
export function servedAsServerNotFound(): boolean {
  return initialDocumentPath === '/404.html';
}
