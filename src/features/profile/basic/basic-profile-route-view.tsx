import { lazy } from 'react';
import { ProfileFeature } from '../profile-lazy.tsx';
import { loadBasicProfilePage } from '../profile-load.ts';

const LazyPage = lazy(() => loadBasicProfilePage().then((module) => ({ default: module.BasicProfilePage })));

/** What `/profile` mounts: the loading state until the page and its messages are here. */
export function BasicProfileRouteView() {
  return (
    <ProfileFeature groups={['profileBasic', 'profileSummary']}>
      <LazyPage />
    </ProfileFeature>
  );
}
