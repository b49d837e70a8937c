import { useCallback } from 'react';
import type { LoginAnswer } from '../../../contract/schemas/account.ts';
import { useSignInCompletion } from '../../ui/use-sign-in-when-done.ts';

/**
 * Where a password sign-in goes once its machine is done (the password login and the third-party
 * link): a school administrator on to the second factor (no session yet; the destination goes
 * along), anyone else signed in and on to `redirectTo` or the profile (`useSignInCompletion`).
 */
export function useSignInEnd(redirectTo?: string) {
  const { signedIn, secondFactor } = useSignInCompletion(redirectTo);
  return useCallback(
    (snapshot: { status: string; output?: LoginAnswer | undefined }) => {
      if (snapshot.status !== 'done' || !snapshot.output) return;
      if (snapshot.output.status === 'secondFactor') secondFactor();
      else signedIn(snapshot.output.user);
    },
    [signedIn, secondFactor],
  );
}
