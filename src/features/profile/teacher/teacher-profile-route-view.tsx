import { lazy } from 'react';
import { ProfileFeature } from '../profile-lazy.tsx';
import { loadTeacherProfilePage } from '../profile-load.ts';
import { profileMessages } from '../profile-messages.ts';

const LazyPage = lazy(() => loadTeacherProfilePage().then((module) => ({ default: module.TeacherProfilePage })));

/** What `/profile/teacher` mounts; the subject labels (`teacherSubjects`) come only with this form. */
export function TeacherProfileRouteView() {
  return (
    <ProfileFeature groups={['profileTeacher']} title={profileMessages.teacher}>
      <LazyPage />
    </ProfileFeature>
  );
}
