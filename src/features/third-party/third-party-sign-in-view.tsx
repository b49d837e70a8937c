import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { thirdPartySignInMachine } from '../../../machines/third-party/third-party-sign-in.machine.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { GoogleIcon } from './google-icon.tsx';
import { thirdPartyMessages as m } from './third-party-messages.ts';

type SignInActor = ActorRefFrom<typeof thirdPartySignInMachine>;

export interface ThirdPartySignInViewProps {
  actor: SignInActor;
  /** Opens the popup in the click's own task; false when the browser blocked it. */
  openPopup: () => boolean;
}

/**
 * The Google button and what follows it, in the opening page and in the callback page alike:
 * each state of thirdPartySignIn shows its own words.
 */
export function ThirdPartySignInView({ actor, openPopup }: ThirdPartySignInViewProps) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const state = useSelector(actor, (snapshot) => snapshot.value as string);
  const purpose = useSelector(actor, (snapshot) => snapshot.context.purpose);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const start = () => actor.send({ type: openPopup() ? 'popup.opened' : 'popup.blocked' });
  const startButton = (
    <Button variant="secondary" onClick={start}>
      <GoogleIcon />
      {intl.formatMessage(purpose === 'link' ? m.link : m.signIn)}
    </Button>
  );

  switch (state) {
    case 'idle':
      return startButton;
    case 'blocked':
      return (
        <Notice tone="warning" live>
          <p>{intl.formatMessage(m.blocked)}</p>
          <ButtonGroup>
            <Button onClick={() => actor.send({ type: 'redirect.continue' })}>{intl.formatMessage(m.continueHere)}</Button>
          </ButtonGroup>
        </Notice>
      );
    case 'starting':
      return <Spinner label={intl.formatMessage(m.starting)} />;
    case 'redirecting':
      return <Spinner label={intl.formatMessage(m.redirecting)} />;
    case 'waiting':
      return (
        <Notice live>
          <p>{intl.formatMessage(m.waiting)}</p>
          <ButtonGroup>
            <Button variant="secondary" onClick={() => actor.send({ type: 'popup.cancel' })}>
              {intl.formatMessage(m.cancel)}
            </Button>
          </ButtonGroup>
        </Notice>
      );
    case 'finishing':
      return <Spinner label={intl.formatMessage(m.finishing)} />;
    case 'signedIn':
      return <Notice tone="success" live>{intl.formatMessage(m.signedIn)}</Notice>;
    case 'secondFactor':
      return <Notice live>{intl.formatMessage(m.secondFactor)}</Notice>;
    case 'linkNeeded':
      return <Notice live>{intl.formatMessage(m.linkNeeded)}</Notice>;
    case 'linked':
      return <Notice tone="success" live>{intl.formatMessage(m.linked)}</Notice>;
    case 'failed':
      return (
        <Notice tone="warning" live>
          <p>{refusalText(errorCode ?? 'unknown')}</p>
          <ButtonGroup>
            <Button variant="secondary" onClick={start}>
              <GoogleIcon />
              {intl.formatMessage(m.tryAgain)}
            </Button>
          </ButtonGroup>
        </Notice>
      );
    case 'closing':
      return <Notice>{intl.formatMessage(m.closing)}</Notice>;
    default:
      return <Notice>{intl.formatMessage(m.closed)}</Notice>;
  }
}
