import { chunk } from '../../ui/chunk.ts';

/*
 * The profile forms' pages (statechart, calls, views), downloaded when their route view first
 * renders. Not from the routes' loaders: the router keeps loaders in the start chunk, and these
 * imports' dependency lists there cost every page ~0.5 KiB (docs/decisions/profile-views.md).
 */
export const loadBasicProfilePage = () => chunk(import('./basic/basic-profile-page.tsx'));
export const loadBasicProfileEmailsPage = () => chunk(import('./basic/basic-profile-emails-page.tsx'));
export const loadTeacherProfilePage = () => chunk(import('./teacher/teacher-profile-page.tsx'));
export const loadParentProfilePage = () => chunk(import('./parent/parent-profile-page.tsx'));
export const loadSchoolStaffPage = () => chunk(import('./school-staff/school-staff-page.tsx'));
