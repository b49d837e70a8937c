// The teacher, parent and school staff views in every state of profileForm they can reach, on the
// same machine as the basic profile (generated stories/profile-form.stories.tsx draws the basic
// view). Written by hand: gen-stories makes one file per machine, for its registered view.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { profileFormModelFor } from '../machines/profile/profile-form.model.ts';
import { ParentProfileView } from '../src/features/profile/parent/parent-profile-view.tsx';
import { TeacherProfileView } from '../src/features/profile/teacher/teacher-profile-view.tsx';
import { SchoolStaffView } from '../src/features/profile/school-staff/school-staff-view.tsx';
import { flow, machineStories } from './support/machine-stories.tsx';

const teacher = machineStories(flow(profileFormModelFor('teacher'), TeacherProfileView));
const parent = machineStories(flow(profileFormModelFor('parent'), ParentProfileView));
const staff = machineStories(flow(profileFormModelFor('schoolStaff'), SchoolStaffView));

export default { title: 'Machines/profileForm (teacher, parent, school staff views)' } satisfies Meta;

export const TeacherLoading: StoryObj = { ...teacher.state('loading'), name: 'teacher: loading' };
export const TeacherLoadFailed: StoryObj = { ...teacher.state('loadFailed'), name: 'teacher: loadFailed' };
export const TeacherEditingIdle: StoryObj = { ...teacher.state('editing.idle'), name: 'teacher: editing.idle' };
export const TeacherEditingInvalid: StoryObj = { ...teacher.state('editing.invalid'), name: 'teacher: editing.invalid' };
export const TeacherEditingFailed: StoryObj = { ...teacher.state('editing.failed'), name: 'teacher: editing.failed' };
export const TeacherValidating: StoryObj = { ...teacher.state('validating'), name: 'teacher: validating' };
export const TeacherSaving: StoryObj = { ...teacher.state('saving'), name: 'teacher: saving' };
export const TeacherSaved: StoryObj = { ...teacher.state('saved'), name: 'teacher: saved' };

export const ParentLoading: StoryObj = { ...parent.state('loading'), name: 'parent: loading' };
export const ParentLoadFailed: StoryObj = { ...parent.state('loadFailed'), name: 'parent: loadFailed' };
export const ParentEditingIdle: StoryObj = { ...parent.state('editing.idle'), name: 'parent: editing.idle' };
export const ParentEditingInvalid: StoryObj = { ...parent.state('editing.invalid'), name: 'parent: editing.invalid' };
export const ParentEditingFailed: StoryObj = { ...parent.state('editing.failed'), name: 'parent: editing.failed' };
export const ParentValidating: StoryObj = { ...parent.state('validating'), name: 'parent: validating' };
export const ParentSaving: StoryObj = { ...parent.state('saving'), name: 'parent: saving' };
export const ParentSaved: StoryObj = { ...parent.state('saved'), name: 'parent: saved' };

export const StaffLoading: StoryObj = { ...staff.state('loading'), name: 'school staff: loading' };
export const StaffLoadFailed: StoryObj = { ...staff.state('loadFailed'), name: 'school staff: loadFailed' };
export const StaffEditingIdle: StoryObj = { ...staff.state('editing.idle'), name: 'school staff: editing.idle' };
export const StaffEditingInvalid: StoryObj = { ...staff.state('editing.invalid'), name: 'school staff: editing.invalid' };
export const StaffEditingFailed: StoryObj = { ...staff.state('editing.failed'), name: 'school staff: editing.failed' };
export const StaffValidating: StoryObj = { ...staff.state('validating'), name: 'school staff: validating' };
export const StaffSaving: StoryObj = { ...staff.state('saving'), name: 'school staff: saving' };
export const StaffSaved: StoryObj = { ...staff.state('saved'), name: 'school staff: saved' };
