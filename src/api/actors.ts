import { fromPromise } from 'xstate';
import * as account from '../../contract/calls/account.ts';
import type { ActivateRequest, ActivateResult } from '../../contract/schemas/account.ts';
import { call } from './client.ts';
import { fromCall } from './from-call.ts';

/** The activation machine's `activate` input: the payload plus which kind of link it is. */
interface ActivateCall extends ActivateRequest {
  kind: 'user' | 'buyer';
}

/**
 * The real implementations of the actors the machines declare, keyed by the declared names.
 * Pages provide them: `passwordLoginMachine.provide({ actors: { login: apiActors.login } })`.
 */
export const apiActors = {
  login: fromCall(account.login),
  logout: fromCall(account.logout),
  fetchMe: fromCall(account.me),
  register: fromCall(account.register),
  checkRecord: fromCall(account.activationCheck),
  activate: fromPromise<ActivateResult, ActivateCall>(({ input: { kind, ...payload }, signal }) =>
    call(kind === 'buyer' ? account.activateBuyer : account.activate, payload, { signal }),
  ),
  subscribe: fromCall(account.activationSubscribe),
  requestReset: fromCall(account.forgotPassword),
  checkResetToken: fromCall(account.resetCheck),
  resetPassword: fromCall(account.resetPassword),
  changePassword: fromCall(account.changePassword),
};
