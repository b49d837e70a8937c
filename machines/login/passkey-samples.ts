/**
 * A passkey sign-in's sample options and answer (the models' faked browser), apart from the
 * model so that sharing them (the step-up dialog's model) does not pull the sign-in machine into
 * every page that imports machines/login (issue 26: the student upgrade's page took 3.6 KiB).
 */
export const SAMPLE_REQUEST_OPTIONS = { challenge: 'c2FtcGxlLWNoYWxsZW5nZQ', rpId: 'localhost', userVerification: 'required' };
export const SAMPLE_ASSERTION = {
  id: 'cGFzc2tleS1zYW1wbGUtMQ',
  rawId: 'cGFzc2tleS1zYW1wbGUtMQ',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
