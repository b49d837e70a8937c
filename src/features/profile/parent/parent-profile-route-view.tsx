import { lazy } from 'react';
import { ProfileFeature } from '../profile-lazy.tsx';
import { loadParentProfilePage } from '../profile-load.ts';
import { profileMessages } from '../profile-messages.ts';

const LazyPage = lazy(() => loadParentProfilePage().then((module) => ({ default: module.ParentProfilePage })));

/** What `/profile/parent` mounts. */
export function ParentProfileRouteView() {
  return (
    <ProfileFeature groups={[]} title={profileMessages.parent}>
      <LazyPage />
    </ProfileFeature>
  );
}
