import { fatalErrorMachine } from './fatal-error.machine.ts';
import { defineModel } from '../model-kit.ts';

export const fatalErrorModel = defineModel(fatalErrorMachine, {
  input: {},
  events: [
    { type: 'fatal.raise', reason: 'sessionExpired' },
    { type: 'fatal.raise', reason: 'signedOut' },
    { type: 'fatal.raise', reason: 'server' },
    { type: 'fatal.dismiss' },
  ],
});
