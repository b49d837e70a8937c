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

export default { title: 'Profile/Personal details (teacher, parent, school staff)', ...teacher.meta } satisfies Meta;

export const TeacherLoading: StoryObj = { ...teacher.state('loading'), name: 'Teacher: Loading' };
export const TeacherLoadFailed: StoryObj = { ...teacher.state('loadFailed'), name: 'Teacher: Could not load' };
export const TeacherEditingIdle: StoryObj = { ...teacher.state('editing.idle'), name: 'Teacher: Personal details form' };
export const TeacherEditingInvalid: StoryObj = { ...teacher.state('editing.invalid'), name: 'Teacher: Form with field errors' };
export const TeacherEditingFailed: StoryObj = { ...teacher.state('editing.failed'), name: 'Teacher: Could not save' };
export const TeacherValidating: StoryObj = { ...teacher.state('validating'), name: 'Teacher: Checking the details' };
export const TeacherSaving: StoryObj = { ...teacher.state('saving'), name: 'Teacher: Saving' };
export const TeacherSaved: StoryObj = { ...teacher.state('saved'), name: 'Teacher: Saved' };

export const ParentLoading: StoryObj = { ...parent.state('loading'), name: 'Parent: Loading' };
export const ParentLoadFailed: StoryObj = { ...parent.state('loadFailed'), name: 'Parent: Could not load' };
export const ParentEditingIdle: StoryObj = { ...parent.state('editing.idle'), name: 'Parent: Personal details form' };
export const ParentEditingInvalid: StoryObj = { ...parent.state('editing.invalid'), name: 'Parent: Form with field errors' };
export const ParentEditingFailed: StoryObj = { ...parent.state('editing.failed'), name: 'Parent: Could not save' };
export const ParentValidating: StoryObj = { ...parent.state('validating'), name: 'Parent: Checking the details' };
export const ParentSaving: StoryObj = { ...parent.state('saving'), name: 'Parent: Saving' };
export const ParentSaved: StoryObj = { ...parent.state('saved'), name: 'Parent: Saved' };

export const StaffLoading: StoryObj = { ...staff.state('loading'), name: 'School staff: Loading' };
export const StaffLoadFailed: StoryObj = { ...staff.state('loadFailed'), name: 'School staff: Could not load' };
export const StaffEditingIdle: StoryObj = { ...staff.state('editing.idle'), name: 'School staff: Personal details form' };
export const StaffEditingInvalid: StoryObj = { ...staff.state('editing.invalid'), name: 'School staff: Form with field errors' };
export const StaffEditingFailed: StoryObj = { ...staff.state('editing.failed'), name: 'School staff: Could not save' };
export const StaffValidating: StoryObj = { ...staff.state('validating'), name: 'School staff: Checking the details' };
export const StaffSaving: StoryObj = { ...staff.state('saving'), name: 'School staff: Saving' };
export const StaffSaved: StoryObj = { ...staff.state('saved'), name: 'School staff: Saved' };
