import { lazy, Suspense } from 'react';
import { lazyMessageGroups } from '../../i18n/lazy-messages.tsx';

/*
 * The section, its flow and its messages (group `authenticator`) download only for the accounts
 * that see it, school administrators (issue 26, item 14: the login information page of everyone
 * else carried them, about 2 KiB). It shows once they are here; the page around it is already there.
 */
const LazySection = lazy(() => import('./authenticator-page.tsx').then((module) => ({ default: module.AuthenticatorSection })));
const sectionMessages = lazyMessageGroups(['authenticator']);

/** The authenticator app's section of the login information page. */
export function AuthenticatorSection() {
  return (
    <Suspense fallback={null}>
      <sectionMessages.Provider>
        <LazySection />
      </sectionMessages.Provider>
    </Suspense>
  );
}
