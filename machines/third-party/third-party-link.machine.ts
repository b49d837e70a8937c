import { setup } from 'xstate';
import type { LoginAnswer } from '../../contract/schemas/account.ts';
import { SsoAttachRequestSchema, type SsoAttachRequest } from '../../contract/schemas/third-party.ts';
import { formEditing, refusal, REFUSED, unprovided, type FlowTag } from '../form.ts';
import {
  CHALLENGE_ON,
  passwordSignInPiece,
  SIGN_IN_ENDS,
  SIGN_IN_REFUSED_STATES,
  signInAnswer,
  signInContext,
  signInSubmitting,
  type PasswordSignInContext,
  type PasswordSignInEvent,
} from '../login/index.ts';

/**
 * /third-party-link (SPEC §2 "Third-party account registration onto an existing account", §8
 * Third-party link): the identity that opened no account is attached to an existing one with its
 * login name and password, then signs in (school administrators: the second factor first). The
 * throttled password sign-in (machines/login/password-sign-in.ts) with the attach call and two
 * refusals of its own.
 */
export type ThirdPartyLinkInput = Record<string, never>;
export type ThirdPartyLinkContext = PasswordSignInContext;
export type ThirdPartyLinkEvent = PasswordSignInEvent;

const signIn = passwordSignInPiece(SsoAttachRequestSchema, 'attach');

export const thirdPartyLinkMachine = setup({
  types: {
    context: {} as ThirdPartyLinkContext,
    events: {} as ThirdPartyLinkEvent,
    input: {} as ThirdPartyLinkInput,
    output: {} as LoginAnswer,
    tags: {} as FlowTag,
    children: {} as { attach: 'attach' },
  },
  actors: {
    attach: unprovided<LoginAnswer, SsoAttachRequest>('thirdPartyLink', 'attach'),
  },
  guards: signIn.guards,
  actions: signIn.actions,
}).createMachine({
  id: 'thirdPartyLink',
  context: signInContext,
  output: signInAnswer,
  initial: 'editing',
  states: {
    editing: formEditing({
      on: CHALLENGE_ON,
      states: {
        ...SIGN_IN_REFUSED_STATES,
        /** The identity already opens another account (SPEC §8 identifierUsed). */
        identifierUsed: REFUSED,
        /** Unknown failure (or the identity's ten minutes ran out): sign in with Google again. */
        thirdPartyFailed: REFUSED,
      },
    }),
    submitting: signInSubmitting('attach', refusal('editing.identifierUsed', 'identifierUsed'), refusal('editing.thirdPartyFailed', 'thirdPartyFailed')),
    ...SIGN_IN_ENDS,
  },
});
