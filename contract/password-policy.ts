import type { FieldRule } from './errors.ts';

export interface PasswordPolicy {
  minLength: number;
  /** 1–4: how many of the four character classes (lower, upper, digit, symbol) are required. */
  complexity: number;
}

export function characterClasses(password: string): number {
  let n = 0;
  if (/[a-z]/.test(password)) n++;
  if (/[A-Z]/.test(password)) n++;
  if (/[0-9]/.test(password)) n++;
  if (/[^a-zA-Z0-9]/.test(password)) n++;
  return n;
}

/** The client-checkable part of the new-password policy; the server adds the common-password list. */
export function checkPasswordPolicy(password: string, policy: PasswordPolicy): FieldRule | null {
  if ([...password].length < policy.minLength) return 'minLength';
  if (characterClasses(password) < policy.complexity) return 'complexity';
  return null;
}
