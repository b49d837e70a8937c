import { setup } from 'xstate';
import { LoginRequestSchema, type LoginAnswer, type LoginRequest } from '../../contract/schemas/account.ts';
import { formEditing, unprovided, type FlowTag } from '../form.ts';
import { CHALLENGE_ON } from './password-challenge.ts';
import {
  passwordSignInPiece,
  SIGN_IN_ENDS,
  SIGN_IN_REFUSED_STATES,
  signInAnswer,
  signInContext,
  signInSubmitting,
  type PasswordSignInContext,
  type PasswordSignInEvent,
  type PasswordSignInValues,
} from './password-sign-in.ts';

/** The password login: the throttled password sign-in (password-sign-in.ts) with the login call. */
export type PasswordLoginInput = Record<string, never>;
export type PasswordLoginValues = PasswordSignInValues;
export type PasswordLoginContext = PasswordSignInContext;
export type PasswordLoginEvent = PasswordSignInEvent;

const signIn = passwordSignInPiece(LoginRequestSchema, 'login');

export const passwordLoginMachine = setup({
  types: {
    context: {} as PasswordLoginContext,
    events: {} as PasswordLoginEvent,
    input: {} as PasswordLoginInput,
    output: {} as LoginAnswer,
    tags: {} as FlowTag,
    children: {} as { login: 'login' },
  },
  actors: {
    login: unprovided<LoginAnswer, LoginRequest>('passwordLogin', 'login'),
  },
  guards: signIn.guards,
  actions: signIn.actions,
}).createMachine({
  id: 'passwordLogin',
  context: signInContext,
  output: signInAnswer,
  initial: 'editing',
  states: {
    editing: formEditing({ on: CHALLENGE_ON, states: SIGN_IN_REFUSED_STATES }),
    submitting: signInSubmitting('login'),
    ...SIGN_IN_ENDS,
  },
});
