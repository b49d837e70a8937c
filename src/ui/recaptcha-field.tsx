import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { useLanguage } from '../i18n/i18n-provider.tsx';
import { useSettings } from '../shell/app-context.tsx';
import { Recaptcha } from './recaptcha.tsx';

/**
 * The robot check of a form whose machine uses `recaptchaFormPiece` (machines/form.ts): the
 * widget, solved or not, reset on every new `recaptchaRound`, with the error `errorFor` gives.
 */
export function RecaptchaField({ actor, error }: { actor: AnyActorRef; error: string | null | undefined }) {
  const lang = useLanguage();
  const settings = useSettings();
  const solved = useSelector(actor, (snapshot) => snapshot.context.recaptcha !== '');
  const round = useSelector(actor, (snapshot) => snapshot.context.recaptchaRound as number);
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
