import { fromPromise } from 'xstate';
import type { LoginRequest, RegistrationRequest, RegistrationResult, User } from '../../contract/schemas/account.ts';
import { fetchMe, login, logout, register } from './calls.ts';

/**
 * The real implementations of the actors the machines declare, keyed by the declared names.
 * Pages provide them: `passwordLoginMachine.provide({ actors: { login: apiActors.login } })`.
 */
export const apiActors = {
  login: fromPromise<User, LoginRequest>(({ input, signal }) => login(input, signal)),
  register: fromPromise<RegistrationResult, RegistrationRequest>(({ input, signal }) => register(input, signal)),
  fetchMe: fromPromise<User, void>(({ signal }) => fetchMe(signal)),
  logout: fromPromise<void, void>(({ signal }) => logout(signal)),
};
