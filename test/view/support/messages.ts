/** English texts many view models expect on screen (the view paths run in English). */

/** The network failure every call can meet (`networkError`). */
export const NETWORK = 'We could not reach the server. Please check your connection and try again.';
