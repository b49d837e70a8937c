import { useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';
import type { RecaptchaEvent } from '../../../machines/form.ts';
import type { PasswordChallengeContext } from '../../../machines/login/password-challenge.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useSettings } from '../../shell/app-context.tsx';
import { Recaptcha } from '../../ui/recaptcha.tsx';

/** A form machine with the password challenge (machines/login/password-challenge.ts). */
export type ChallengeActor = ActorRef<Snapshot<unknown> & { context: PasswordChallengeContext }, RecaptchaEvent>;

/**
 * The reCAPTCHA widget of a password sign-in, shown once the server asked for the challenge
 * (`loginChallengeRequired`): the password login and the third-party link share it.
 */
export function PasswordChallenge({ actor, error }: { actor: ChallengeActor; error?: string | null | undefined }) {
  const lang = useLanguage();
  const settings = useSettings();
  const challenged = useSelector(actor, (snapshot) => snapshot.context.challenged);
  const solved = useSelector(actor, (snapshot) => snapshot.context.recaptcha !== '');
  const round = useSelector(actor, (snapshot) => snapshot.context.recaptchaRound);
  if (!challenged) return null;
  return (
    <Recaptcha
      id="recaptcha"
      siteKey={settings?.recaptchaSiteKey ?? null}
      lang={lang}
      solved={solved}
      round={round}
      error={error}
      onSolve={(token) => actor.send({ type: 'recaptcha.solve', token })}
      onExpire={() => actor.send({ type: 'recaptcha.expire' })}
    />
  );
}
