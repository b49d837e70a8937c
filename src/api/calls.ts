import type {
  ActivateRequest,
  ActivateResult,
  ActivationCheckRequest,
  ActivationRecord,
  ActivationSubscribeRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResult,
  LoginRequest,
  PublicSettings,
  RegistrationRequest,
  RegistrationResult,
  ResetCheckRequest,
  ResetPasswordRequest,
  ResetRecord,
  SubscriptionsResult,
  User,
} from '../../contract/schemas/account.ts';
import { apiClient, authClient, send } from './client.ts';

/** One typed function per call of docs/api.md. Each takes the caller's abort signal. */

export function login(request: LoginRequest, signal?: AbortSignal): Promise<User> {
  return send<User>(authClient, 'post', 'login', { json: request, signal });
}

export async function logout(signal?: AbortSignal): Promise<void> {
  await send<unknown>(authClient, 'post', 'logout', { json: {}, signal });
}

export function fetchMe(signal?: AbortSignal): Promise<User> {
  return send<User>(apiClient, 'get', 'users/me', { signal });
}

export function fetchSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return send<PublicSettings>(apiClient, 'get', 'settings', { signal });
}

let settingsPromise: Promise<PublicSettings> | null = null;

/** The public settings, fetched once per page load (a failure is not cached). */
export function getSettings(): Promise<PublicSettings> {
  if (!settingsPromise) {
    settingsPromise = fetchSettings().catch((error: unknown) => {
      settingsPromise = null;
      throw error;
    });
  }
  return settingsPromise;
}

export function register(request: RegistrationRequest, signal?: AbortSignal): Promise<RegistrationResult> {
  return send<RegistrationResult>(apiClient, 'post', 'users/register', { json: request, signal });
}

export function checkActivationRecord(request: ActivationCheckRequest, signal?: AbortSignal): Promise<ActivationRecord> {
  return send<ActivationRecord>(apiClient, 'post', 'user-activate/check-record', { json: request, signal });
}

export function activate(request: ActivateRequest, signal?: AbortSignal): Promise<ActivateResult> {
  return send<ActivateResult>(apiClient, 'post', 'user-activate', { json: request, signal });
}

export function activateBuyer(request: ActivateRequest, signal?: AbortSignal): Promise<ActivateResult> {
  return send<ActivateResult>(apiClient, 'post', 'user-activate/buyer', { json: request, signal });
}

export function subscribeAfterActivation(request: ActivationSubscribeRequest, signal?: AbortSignal): Promise<SubscriptionsResult> {
  return send<SubscriptionsResult>(apiClient, 'post', 'user-activate/subscribe', { json: request, signal });
}

export function requestPasswordReset(request: ForgotPasswordRequest, signal?: AbortSignal): Promise<ForgotPasswordResult> {
  return send<ForgotPasswordResult>(apiClient, 'post', 'password/forgot', { json: request, signal });
}

export function checkResetToken(request: ResetCheckRequest, signal?: AbortSignal): Promise<ResetRecord> {
  return send<ResetRecord>(apiClient, 'post', 'password/reset/check', { json: request, signal });
}

export async function resetPassword(request: ResetPasswordRequest, signal?: AbortSignal): Promise<void> {
  await send<unknown>(apiClient, 'post', 'password/reset', { json: request, signal });
}

export async function changePassword(request: ChangePasswordRequest, signal?: AbortSignal): Promise<void> {
  await send<unknown>(apiClient, 'post', 'password/change', { json: request, signal });
}
