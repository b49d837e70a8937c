import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { passkeySignInMachine } from '../../../machines/login/passkey-sign-in.machine.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { passkeySignInMessages as m } from './login-messages.ts';

type PasskeySignInActor = ActorRefFrom<typeof passkeySignInMachine>;

/**
 * "Sign in with a passkey" under the login form (docs/decisions/passkeys.md): the browser's own
 * dialog asks for the passkey; a refusal or a passkey not given is said beside the button.
 */
export function PasskeySignInView({ actor }: { actor: PasskeySignInActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const done = useSelector(actor, (snapshot) => snapshot.matches('done'));
  const failure = useSelector(actor, (snapshot) => {
    if (snapshot.matches({ idle: { button: 'notUsed' } })) return 'notUsed' as const;
    return snapshot.matches({ idle: { button: 'failed' } }) ? (snapshot.context.errorCode ?? 'unknown') : null;
  });
  // The browser offers the passkeys in the login field's suggestions (conditional mediation).
  const inAutofill = useSelector(actor, (snapshot) => snapshot.matches({ idle: { autofill: 'listening' } }));
  if (done) return <p role="status">{intl.formatMessage(m.signedIn)}</p>;
  return (
    <div>
      {failure ? (
        <div role="alert">
          <Notice tone="warning">
            <p>{failure === 'notUsed' ? intl.formatMessage(m.notUsed) : refusalText(failure)}</p>
          </Notice>
        </div>
      ) : null}
      <Button variant="secondary" busy={busy} onClick={() => actor.send({ type: 'passkey.start' })}>
        {intl.formatMessage(busy ? m.busy : m.button)}
      </Button>
      {inAutofill ? <p>{intl.formatMessage(m.autofill)}</p> : null}
    </div>
  );
}
