import { describe, expect, it } from 'vitest';
import { apiError, change, done, fail } from '../../../machines/model-kit.ts';
import { SAMPLE_CREATED, SAMPLE_CREATION_OPTIONS, SAMPLE_NEW_NAME, SAMPLE_PASSKEY_ID, SAMPLE_PASSKEYS, passkeysModel as model } from '../../../machines/passkeys/passkeys.model.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const listed = done('list', SAMPLE_PASSKEYS);
const add = { type: 'add.start' } as const;
const options = done('registrationOptions', SAMPLE_CREATION_OPTIONS);
const created = done('createPasskey', SAMPLE_CREATED);
const typed = change('name', SAMPLE_NEW_NAME);
const submit = { type: 'form.submit' } as const;

describeModelPaths('passkeys', model);

describe('passkeys', () => {
  it('opens the step-up dialog when the server wants a fresh proof, and asks for the options again after it', () => {
    const refused = fail('registrationOptions', apiError('stepUpRequired'));
    expect(play(model, listed, add, refused).matches('steppingUpToAdd')).toBe(true);
    expect(play(model, listed, add, refused, done('stepUp', { status: 'proved', provedUntil: '2026-01-15T12:10:00.000Z' })).matches('preparing')).toBe(true);
    expect(play(model, listed, add, refused, done('stepUp', { status: 'cancelled' })).matches({ ready: 'idle' })).toBe(true);
  });

  it('names the passkey the browser made, then sends it with its name', () => {
    expect(invokedInput(model, [listed, add, options], 'createPasskey')).toEqual(SAMPLE_CREATION_OPTIONS);
    expect(play(model, listed, add, options, created, submit).context.fieldErrors).toEqual([{ field: 'name', rule: 'required' }]);
    expect(invokedInput(model, [listed, add, options, created, typed, submit], 'register')).toEqual({ response: SAMPLE_CREATED, name: SAMPLE_NEW_NAME });
  });

  it('says so when the browser made no passkey', () => {
    expect(play(model, listed, add, options, fail('createPasskey', new Error('NotAllowedError'))).matches({ ready: 'notCreated' })).toBe(true);
  });

  it('renames a listed passkey from its current name, and removes one only after the confirmation', () => {
    const renaming = play(model, listed, { type: 'rename.start', id: SAMPLE_PASSKEY_ID });
    expect(renaming.context.values.name).toBe('Laptop');
    expect(invokedInput(model, [listed, { type: 'rename.start', id: SAMPLE_PASSKEY_ID }, typed, submit], 'rename')).toEqual({ id: SAMPLE_PASSKEY_ID, name: SAMPLE_NEW_NAME });
    expect(play(model, listed, { type: 'remove.ask', id: SAMPLE_PASSKEY_ID }, { type: 'dialog.cancel' }).matches({ ready: 'idle' })).toBe(true);
    expect(invokedInput(model, [listed, { type: 'remove.ask', id: SAMPLE_PASSKEY_ID }, { type: 'dialog.confirm' }], 'remove')).toEqual({ id: SAMPLE_PASSKEY_ID });
    expect(play(model, listed, { type: 'remove.ask', id: SAMPLE_PASSKEY_ID }, { type: 'dialog.confirm' }, done('remove', SAMPLE_PASSKEYS)).matches({ ready: 'removed' })).toBe(true);
  });
});
