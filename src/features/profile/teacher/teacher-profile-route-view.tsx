import { lazy } from 'react';
import { ProfileFeature } from '../profile-lazy.tsx';
import { loadTeacherProfilePage } from '../profile-load.ts';

const LazyPage = lazy(() => loadTeacherProfilePage().then((module) => ({ default: module.TeacherProfilePage })));

/** What `/profile/teacher` mounts; the subject labels (`teacherSubjects`) come only with this form. */
export function TeacherProfileRouteView() {
  return (
    <ProfileFeature groups={['profileTeacher']}>
      <LazyPage />
    </ProfileFeature>
  );
}
