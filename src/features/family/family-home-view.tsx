import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import type { familyCreateMachine } from '../../../machines/family/family-create.machine.ts';
import type { familyDetailsMachine } from '../../../machines/family/family-details.machine.ts';
import type { familyHomeMachine } from '../../../machines/family/family-home.machine.ts';
import type { familyJoinMachine } from '../../../machines/family/family-join.machine.ts';
import { errorMessage } from '../../i18n/error-messages.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { usePrefetchDialog } from '../../ui/lazy-dialog.tsx';
import { FamilyLoading } from './family-loading.tsx';
import { FamilyFlow, LazyFamilyCreateView, LazyFamilyDetailsView, LazyFamilyJoinView } from './family-lazy.tsx';
import { familyMessages as m } from './family-messages.ts';
import { HeldPage, LoadFailedPage, UpgradeLink } from './family-pages.tsx';
import styles from './family-home.module.css';

type HomeActor = ActorRefFrom<typeof familyHomeMachine>;
type HomeSnapshot = SnapshotFrom<typeof familyHomeMachine>;

type Screen = 'loading' | 'noLoginEmail' | 'functionalAccount' | 'studentOnly' | 'accountType' | 'held' | 'home' | 'create' | 'join' | 'details' | 'failed';

function screenOf(snapshot: HomeSnapshot): Screen {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches({ notAllowed: 'noLoginEmail' })) return 'noLoginEmail';
  if (snapshot.matches({ notAllowed: 'functionalAccount' })) return 'functionalAccount';
  if (snapshot.matches({ notAllowed: 'studentOnly' })) return 'studentOnly';
  if (snapshot.matches({ notAllowed: 'accountType' })) return 'accountType';
  if (snapshot.matches('held')) return 'held';
  if (snapshot.matches('home')) return 'home';
  if (snapshot.matches('create')) return 'create';
  if (snapshot.matches('join') || snapshot.matches('pending')) return 'join';
  if (snapshot.matches('details')) return 'details';
  return 'failed';
}

/**
 * A child the home invoked, when it is a running state machine. (Stories and tests may run the
 * home with stand-ins that are not machines; the page then waits, as it would for a slow child.)
 */
function childMachine<T extends AnyActorRef>(snapshot: HomeSnapshot, id: 'familyCreate' | 'familyJoin' | 'familyDetails'): T | null {
  const child = (snapshot.children as Record<string, AnyActorRef | undefined>)[id];
  const childSnapshot = child?.getSnapshot() as { matches?: unknown } | undefined;
  return child && typeof childSnapshot?.matches === 'function' ? (child as T) : null;
}

const Loading = FamilyLoading;

/** A child flow's view with its messages, the family page waiting while they download or until the child runs. */
function inFlow(view: ReactNode) {
  return view ? <FamilyFlow fallback={<Loading />}>{view}</FamilyFlow> : <Loading />;
}

type NotAllowedScreen = 'noLoginEmail' | 'functionalAccount' | 'studentOnly' | 'accountType';

const NOT_ALLOWED_CODES = {
  noLoginEmail: 'familyNoLoginEmail',
  functionalAccount: 'familyFunctionalAccount',
  studentOnly: 'familyStudentOnly',
  accountType: 'familyAccountType',
} as const;

function NotAllowed({ screen }: { screen: NotAllowedScreen }) {
  const intl = useIntl();
  const code = NOT_ALLOWED_CODES[screen];
  return (
    <Page title={intl.formatMessage(m.title)}>
      <Notice tone="warning" title={intl.formatMessage(m.notAllowedTitle)}>
        <p>{intl.formatMessage(errorMessage(code))}</p>
        {screen === 'studentOnly' ? <UpgradeLink /> : null}
      </Notice>
      {screen === 'functionalAccount' || screen === 'accountType' ? null : (
        <p>
          {screen === 'noLoginEmail' ? (
            // The login email is edited on the emails page (issue 26), not the profile's summary.
            <RouteLink to="/{-$lang}/profile/emails">{intl.formatMessage(m.addLoginEmail)}</RouteLink>
          ) : (
            <RouteLink to="/{-$lang}/profile">{intl.formatMessage(m.toProfile)}</RouteLink>
          )}
        </p>
      )}
    </Page>
  );
}

/** The family page: why families are not available, a hold, the choice to create or join, or the child flow under way. */
export function FamilyHomeView({ actor }: { actor: HomeActor }) {
  const intl = useIntl();
  const screen = useSelector(actor, screenOf);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const create = useSelector(actor, (snapshot) => childMachine<ActorRefFrom<typeof familyCreateMachine>>(snapshot, 'familyCreate'));
  const join = useSelector(actor, (snapshot) => childMachine<ActorRefFrom<typeof familyJoinMachine>>(snapshot, 'familyJoin'));
  const details = useSelector(actor, (snapshot) => childMachine<ActorRefFrom<typeof familyDetailsMachine>>(snapshot, 'familyDetails'));
  usePrefetchDialog();

  switch (screen) {
    case 'loading':
      return <Loading />;
    case 'noLoginEmail':
    case 'functionalAccount':
    case 'studentOnly':
    case 'accountType':
      return <NotAllowed screen={screen} />;
    case 'held':
      return <HeldPage holdUntil={holdUntil} />;
    case 'home':
      return (
        <Page title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.homeLead)}>
          <div className={cx(styles.options)}>
            <section aria-labelledby="family-create-option">
              <h2 id="family-create-option">{intl.formatMessage(m.createTitle)}</h2>
              <p>{intl.formatMessage(m.createBody)}</p>
              <Button onClick={() => actor.send({ type: 'home.create' })}>{intl.formatMessage(m.create)}</Button>
            </section>
            <section aria-labelledby="family-join-option">
              <h2 id="family-join-option">{intl.formatMessage(m.joinTitle)}</h2>
              <p>{intl.formatMessage(m.joinBody)}</p>
              <Button variant="secondary" onClick={() => actor.send({ type: 'home.join' })}>
                {intl.formatMessage(m.join)}
              </Button>
            </section>
          </div>
        </Page>
      );
    case 'create':
      return inFlow(create && <LazyFamilyCreateView actor={create} />);
    case 'join':
      return inFlow(join && <LazyFamilyJoinView actor={join} />);
    case 'details':
      return inFlow(details && <LazyFamilyDetailsView actor={details} />);
    case 'failed':
      return <LoadFailedPage title={intl.formatMessage(m.title)} errorCode={errorCode} onRetry={() => actor.send({ type: 'retry' })} />;
  }
}
