import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { addons } from 'storybook/preview-api';
import { expect } from 'storybook/test';
import { UPDATE_GLOBALS } from 'storybook/internal/core-events';
import { createActor, type AnyActorRef } from 'xstate';
import { isLanguage, LANGUAGES } from '../../contract/languages.ts';
import { apiError, done, fail } from '../../machines/model-kit.ts';
import { fatalErrorModel } from '../../machines/shell/fatal-error.model.ts';
import { sessionModel } from '../../machines/shell/session.model.ts';
import { ProfileFrame } from '../../src/features/profile/profile-layout.tsx';
import { fullUpgradeMessages } from '../../src/features/upgrade/full-upgrade-messages.ts';
import { upgradeMessages } from '../../src/features/upgrade/upgrade-messages.ts';
import { WizardRoute } from '../../src/features/upgrade/wizard-route.tsx';
import { useLanguage } from '../../src/i18n/i18n-provider.tsx';
import type { AppActors, SessionActor } from '../../src/shell/app-actors.ts';
import { AppActorsProvider, SettingsProvider } from '../../src/shell/app-context.tsx';
import { PageFrame } from '../../src/shell/language-layout.tsx';
import { STORY_USERS, type StoryPage } from './pages.ts';

/**
 * The app's session and fatal-error actors for a story's page, from story data (no network):
 * the session model's machine (its calls never answer) brought to `signedIn` with the page's
 * account, as the server's /api/me answer would, or left signed out. A flow that is the session
 * itself (App › Session) hands its own actor in, so the header follows its states.
 */
export function frameActors(page: StoryPage, session?: SessionActor): AppActors {
  const fatalError = createActor(fatalErrorModel.machine, { input: {} }).start();
  if (session) return { session, fatalError };
  const own = createActor(sessionModel.machine, { input: {} }).start();
  // The answer to its /api/me call, sent as the model tests send an actor's result.
  (own as AnyActorRef).send(page.account ? done('fetchMe', STORY_USERS[page.account]) : fail('fetchMe', apiError('unauthorized')));
  return { session: own, fatalError };
}

/** The language links of the header switch the story's language, as the toolbar's globe does. */
function switchLanguage(href: string): void {
  const lang = href.split('/')[1];
  if (isLanguage(lang)) addons.getChannel().emit(UPDATE_GLOBALS, { globals: { locale: lang } });
}

/** The story's view, for a route component that renders its page's content as a component of its own. */
const StoryView = createContext<ReactNode>(null);
function ViewInRoute() {
  return <>{useContext(StoryView)}</>;
}

/** An upgrade's route: the page with its title under the wizard's dialog (`WizardRoute`), the story's view as its dialog. */
function wizardRoute(title: MessageDescriptor): ComponentType<{ children: ReactNode }> {
  return function UpgradeRoute({ children }) {
    const intl = useIntl();
    return (
      <StoryView.Provider value={children}>
        <WizardRoute title={intl.formatMessage(title)} LazyPage={ViewInRoute} />
      </StoryView.Provider>
    );
  };
}

/**
 * Where the route renders more around the flow's view than the frame: the upgrades' wizards are
 * dialogs over a page of their own (src/routes/{-$lang}/profile_.full-upgrade.tsx and
 * profile_.student-upgrade.tsx).
 */
const ROUTE_VIEWS: Readonly<Record<string, ComponentType<{ children: ReactNode }>>> = {
  fullMemberUpgrade: wizardRoute(fullUpgradeMessages.title),
  studentMemberUpgrade: wizardRoute(upgradeMessages.studentTitle),
};

/**
 * A story's state inside the real page frame: `PageFrame` (src/shell/language-layout.tsx, the
 * header with the language switch and sign-out, `<main>`, the footer, the fatal-error dialog) and,
 * on the /profile pages, `ProfileFrame` (the profile menu), with the page's account signed in.
 * The language is the one shown (the extra axe passes switch it on the rendered story).
 * Settings stay null, as in the app when /api/settings fails: no reCAPTCHA key, no platform links.
 */
export function StoryPageFrame({ machine, page, actors, children }: { machine: string; page: StoryPage; actors: AppActors; children: ReactNode }) {
  const lang = useLanguage();
  const Route = ROUTE_VIEWS[machine];
  const view = Route ? <Route>{children}</Route> : children;
  return (
    <AppActorsProvider actors={actors}>
      <SettingsProvider settings={null}>
        <PageFrame lang={lang} hrefFor={(other) => (page.path ? `/${other}/${page.path}` : `/${other}`)} onNavigate={switchLanguage}>
          {page.menu ? <ProfileFrame>{view}</ProfileFrame> : view}
        </PageFrame>
      </SettingsProvider>
    </AppActorsProvider>
  );
}

/**
 * The frame shows around the state: the header's three language links, sign-out there exactly
 * when the page's account is signed in, `<main>` holding the view, the footer and, on the
 * /profile pages, the profile menu (its link to Account security). Queried by element, not by
 * role or text, so it holds in every language and while a modal dialog hides the page from the
 * accessibility tree. The session flow's own states decide its sign-out, so it is not checked there.
 */
export async function expectFrame(canvas: HTMLElement, page: StoryPage, checkSignOut: boolean): Promise<void> {
  const header = canvas.querySelector('header');
  await expect(header?.querySelectorAll('a[hreflang]').length, 'the header with its language switch').toBe(LANGUAGES.length);
  if (checkSignOut) await expect(header?.querySelector('button') != null, 'sign-out in the header exactly when signed in').toBe(page.account !== null);
  await expect(canvas.querySelector('main')?.childElementCount ?? 0, 'the page in <main>').toBeGreaterThan(0);
  await expect(canvas.querySelector('footer nav a'), 'the footer').not.toBeNull();
  if (page.menu) await expect(canvas.querySelector('main nav a[href$="/profile/security"]'), 'the profile menu').not.toBeNull();
}
