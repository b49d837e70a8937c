import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { screenOf, type DetailsActor } from './family-details-state.ts';
import { DismissedScreen } from './family-dismissed-screen.tsx';
import { FamilyLoading, SpinnerPage } from './family-loading.tsx';
import { LoadFailedPage } from './family-pages.tsx';
import { ReadyScreen } from './family-ready-screen.tsx';
import { familyWords as m } from './family-words.ts';

/** The family details: facts, invitations, members, requests, settings and the user's own membership. */
export function FamilyDetailsView({ actor }: { actor: DetailsActor }) {
  const intl = useIntl();
  const screen = useSelector(actor, screenOf);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  switch (screen) {
    case 'loading':
      return <FamilyLoading />;
    case 'loadFailed':
      return <LoadFailedPage title={intl.formatMessage(m.title)} errorCode={errorCode} onRetry={() => actor.send({ type: 'retry' })} />;
    case 'ready':
      return <ReadyScreen actor={actor} />;
    case 'dismissedNotice':
      return <DismissedScreen actor={actor} />;
    case 'ended':
      return <SpinnerPage title={intl.formatMessage(m.title)} label={intl.formatMessage(m.ended)} focusHeading={false} />;
  }
}
