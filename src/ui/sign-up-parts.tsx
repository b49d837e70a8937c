import { useIntl, type MessageDescriptor } from 'react-intl';
import type { AnyActorRef } from 'xstate';
import { defineMessages } from '../i18n/define-messages.ts';
import { useLanguage } from '../i18n/i18n-provider.tsx';
import { RecaptchaField } from './recaptcha-field.tsx';
import { TermsAcceptance } from './terms-acceptance.tsx';

/** The texts both registration forms (individual and school staff) share, word for word. */
export const signUpMessages = defineMessages({
  termsLinks: {
    id: 'signUp.termsLinks',
    defaultMessage: 'Read the <terms>terms of service</terms> and the <privacy>privacy policy</privacy> (each opens in a new tab).',
    description: 'Sentence above the terms checkbox of a registration form; <terms> and <privacy> become links.',
  },
  haveAccount: { id: 'signUp.haveAccount', defaultMessage: 'Already have an account? Log in', description: 'Link from a registration form to the login page.' },
});

export interface SignUpChecksProps {
  actor: AnyActorRef;
  /** The terms checkbox's label (each form words it its own way in some languages). */
  acceptTerms: MessageDescriptor;
  accepted: boolean;
  errorFor: (field: string) => string | null;
}

/** The end of a registration form: the terms, with their links and checkbox, and the robot check. */
export function SignUpChecks({ actor, acceptTerms, accepted, errorFor }: SignUpChecksProps) {
  const intl = useIntl();
  const lang = useLanguage();
  return (
    <>
      <TermsAcceptance
        lang={lang}
        links={signUpMessages.termsLinks}
        label={intl.formatMessage(acceptTerms)}
        error={errorFor('acceptTerms')}
        checked={accepted}
        onCheckedChange={(checked) => actor.send({ type: 'form.change', field: 'acceptTerms', value: checked })}
      />
      <RecaptchaField actor={actor} error={errorFor('recaptcha')} />
    </>
  );
}

/** Under a registration form (FormPage's `link`): the way to the login page for those who have an account. */
export const HAVE_ACCOUNT_LINK = { to: '/{-$lang}/login', text: signUpMessages.haveAccount };
