import { lazy } from 'react';
import { ProfileFeature } from '../profile-lazy.tsx';
import { loadSchoolStaffPage } from '../profile-load.ts';
import { profileMessages } from '../profile-messages.ts';

const LazyPage = lazy(() => loadSchoolStaffPage().then((module) => ({ default: module.SchoolStaffPage })));

/** What `/school-staff-info` mounts. */
export function SchoolStaffRouteView() {
  return (
    <ProfileFeature groups={[]} title={profileMessages.schoolStaff}>
      <LazyPage />
    </ProfileFeature>
  );
}
