import { useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';
import type { RecaptchaEvent } from '../../../machines/form.ts';
import type { PasswordChallengeContext } from '../../../machines/login/password-challenge.ts';
import { RecaptchaField } from '../../ui/recaptcha-field.tsx';

/** A form machine with the password challenge (machines/login/password-challenge.ts). */
export type ChallengeActor = ActorRef<Snapshot<unknown> & { context: PasswordChallengeContext }, RecaptchaEvent>;

/**
 * The reCAPTCHA widget of a password sign-in, shown once the server asked for the challenge
 * (`loginChallengeRequired`): the password login and the third-party link share it.
 */
export function PasswordChallenge({ actor, error }: { actor: ChallengeActor; error?: string | null | undefined }) {
  const challenged = useSelector(actor, (snapshot) => snapshot.context.challenged);
  return challenged ? <RecaptchaField actor={actor} error={error} /> : null;
}
