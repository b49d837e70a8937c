import { fromPromise } from 'xstate';
import type {
  ActivateResult,
  ActivationCheckRequest,
  ActivationRecord,
  ActivationSubscribeRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResult,
  LoginRequest,
  RegistrationRequest,
  RegistrationResult,
  ResetCheckRequest,
  ResetPasswordRequest,
  ResetRecord,
  SubscriptionsResult,
  User,
} from '../../contract/schemas/account.ts';
import {
  activate,
  activateBuyer,
  changePassword,
  checkActivationRecord,
  checkResetToken,
  fetchMe,
  login,
  logout,
  register,
  requestPasswordReset,
  resetPassword,
  subscribeAfterActivation,
} from './calls.ts';

/** The activation machine's `activate` input: the payload plus which kind of link it is. */
interface ActivateCall {
  encryptCode: string;
  newPassword: string;
  confirmNewPassword: string;
  kind: 'user' | 'buyer';
}

/**
 * The real implementations of the actors the machines declare, keyed by the declared names.
 * Pages provide them: `passwordLoginMachine.provide({ actors: { login: apiActors.login } })`.
 */
export const apiActors = {
  login: fromPromise<User, LoginRequest>(({ input, signal }) => login(input, signal)),
  logout: fromPromise<void, void>(({ signal }) => logout(signal)),
  fetchMe: fromPromise<User, void>(({ signal }) => fetchMe(signal)),
  register: fromPromise<RegistrationResult, RegistrationRequest>(({ input, signal }) => register(input, signal)),
  checkRecord: fromPromise<ActivationRecord, ActivationCheckRequest>(({ input, signal }) => checkActivationRecord(input, signal)),
  activate: fromPromise<ActivateResult, ActivateCall>(({ input: { kind, ...payload }, signal }) =>
    kind === 'buyer' ? activateBuyer(payload, signal) : activate(payload, signal),
  ),
  subscribe: fromPromise<SubscriptionsResult, ActivationSubscribeRequest>(({ input, signal }) => subscribeAfterActivation(input, signal)),
  requestReset: fromPromise<ForgotPasswordResult, ForgotPasswordRequest>(({ input, signal }) => requestPasswordReset(input, signal)),
  checkResetToken: fromPromise<ResetRecord, ResetCheckRequest>(({ input, signal }) => checkResetToken(input, signal)),
  resetPassword: fromPromise<void, ResetPasswordRequest>(({ input, signal }) => resetPassword(input, signal)),
  changePassword: fromPromise<void, ChangePasswordRequest>(({ input, signal }) => changePassword(input, signal)),
};
