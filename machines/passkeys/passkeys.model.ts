import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_NOW } from '../model-kit.ts';
import { stepUpMachine } from '../step-up/index.ts';
import { passkeysMachine } from './passkeys.machine.ts';

/** A step-up proof given at the sample time: it counts for 10 minutes. */
const SAMPLE_STEP_UP_PROOF = { status: 'proved', provedUntil: new Date(SAMPLE_NOW + 10 * 60_000).toISOString() } as const;

export const SAMPLE_PASSKEY_ID = 'cGFzc2tleS1zYW1wbGUtMQ';
export const SAMPLE_PASSKEY_NAME = 'Laptop';
export const SAMPLE_NEW_NAME = 'Work phone';
export const SAMPLE_PASSKEY = {
  id: SAMPLE_PASSKEY_ID,
  name: SAMPLE_PASSKEY_NAME,
  createdAt: new Date(SAMPLE_NOW - 3 * 86_400_000).toISOString(),
  lastUsedAt: new Date(SAMPLE_NOW - 3_600_000).toISOString(),
};
export const SAMPLE_PASSKEYS = { passkeys: [SAMPLE_PASSKEY] };
/** The sample answer of a removal keeps the sample passkey: a list the same shape, so the paths stay few. */
export const SAMPLE_PASSKEYS_AFTER_REMOVAL = SAMPLE_PASSKEYS;
export const SAMPLE_CREATION_OPTIONS = {
  challenge: 'c2FtcGxlLWNoYWxsZW5nZQ',
  rp: { id: 'localhost', name: 'Education Platform' },
  user: { id: 'dXNlcg', name: 'demo_parent1', displayName: 'Demo parent' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};
export const SAMPLE_CREATED = {
  id: 'bmV3LXBhc3NrZXk',
  rawId: 'bmV3LXBhc3NrZXk',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
  clientExtensionResults: {},
};

const nameInOrder = fillInOrder([fillField('name', SAMPLE_NEW_NAME)]);

const model = defineModel(passkeysMachine, {
  input: {},
  key: contextKey('errorCode', 'fieldErrors'),
  events: [
    done('list', SAMPLE_PASSKEYS),
    fail('list', networkError()),
    { type: 'retry' },
    { type: 'add.start' },
    done('registrationOptions', SAMPLE_CREATION_OPTIONS),
    fail('registrationOptions', networkError()),
    done('createPasskey', SAMPLE_CREATED),
    fail('createPasskey', new Error('NotAllowedError')),
    ...changes('name', SAMPLE_NEW_NAME),
    { type: 'form.submit' },
    { type: 'edit.cancel' },
    done('register', { passkeys: [SAMPLE_PASSKEY, { ...SAMPLE_PASSKEY, id: SAMPLE_CREATED.id, name: SAMPLE_NEW_NAME, lastUsedAt: null }] }),
    fail('register', apiError('passkeyChallengeInvalid')),
    fail('register', apiError('invalidPayload', { fields: [{ field: 'name', rule: 'maxLength' }] })),
    { type: 'rename.start', id: SAMPLE_PASSKEY_ID },
    done('rename', { passkeys: [{ ...SAMPLE_PASSKEY, name: SAMPLE_NEW_NAME }] }),
    fail('rename', apiError('passkeyNotFound')),
    fail('rename', apiError('invalidPayload', { fields: [{ field: 'name', rule: 'maxLength' }] })),
    { type: 'remove.ask', id: SAMPLE_PASSKEY_ID },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    // The list answered after a removal (another passkey stays), so every change is sampled from `removed` too.
    done('remove', SAMPLE_PASSKEYS_AFTER_REMOVAL),
    fail('remove', networkError()),
    done('stepUp', SAMPLE_STEP_UP_PROOF),
    done('stepUp', { status: 'cancelled' }),
  ],
  // Simple paths run each change once from the list (no failures, cancels or second changes): the
  // shortest paths and the completion cover the rest, and without this the paths explode.
  simplePathFilter: (snapshot, event) =>
    !event.type.startsWith('xstate.error.') &&
    !['edit.cancel', 'dialog.cancel', 'retry'].includes(event.type) &&
    !(snapshot.matches('ready') && !snapshot.matches({ ready: 'idle' }) && !snapshot.matches({ ready: 'confirmRemove' })) &&
    nameInOrder(snapshot, event),
});

/** The step-up dialog runs for real as the child, as in the authenticator's model. */
export const passkeysModel = { ...model, machine: model.machine.provide({ actors: { stepUp: stepUpMachine } }) };
