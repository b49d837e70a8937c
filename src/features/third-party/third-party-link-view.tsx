import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { thirdPartyLinkMachine } from '../../../machines/third-party/third-party-link.machine.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { PasswordSignInForm } from '../login/index.ts';
import { thirdPartyMessages as m } from './third-party-messages.ts';

type LinkActor = ActorRefFrom<typeof thirdPartyLinkMachine>;

/** /third-party-link: the existing account's login name and password attach the Google identity. */
export function ThirdPartyLinkView({ actor }: { actor: LinkActor }) {
  const intl = useIntl();
  const finished = useSelector(actor, (snapshot) => snapshot.hasTag('done'));
  const secondFactor = useSelector(actor, (snapshot) => snapshot.matches('secondFactor'));
  const startAgain = useSelector(actor, (snapshot) => snapshot.matches({ editing: 'thirdPartyFailed' }));
  const title = intl.formatMessage(m.linkTitle);

  if (finished) {
    return (
      <Page title={title} focusHeading={false}>
        <Spinner label={intl.formatMessage(secondFactor ? m.secondFactor : m.linkDone)} />
      </Page>
    );
  }

  return (
    <Page title={title} lead={intl.formatMessage(m.linkLead)}>
      <PasswordSignInForm actor={actor} hint={m.linkLoginIdHint} submit={m.linkSubmit} submitting={m.linkSubmitting}>
        {startAgain ? (
          <p>
            <RouteLink to="/{-$lang}/login">{intl.formatMessage(m.linkAgain)}</RouteLink>
          </p>
        ) : null}
      </PasswordSignInForm>
    </Page>
  );
}
