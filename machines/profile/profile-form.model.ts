import { ParentProfileSchema, type ParentProfile } from '../../contract/schemas/parent-profile.ts';
import { BasicProfileSchema, SchoolStaffInfoSchema, type BasicProfile, type ProfileData, type SchoolStaffInfoData } from '../../contract/schemas/profile.ts';
import { TeacherProfileSchema, type TeacherProfile, type TeacherProfileData } from '../../contract/schemas/teacher-profile.ts';
import { apiError, change, contextKey, defineModel, done, fail, networkError } from '../model-kit.ts';
import { profileFormMachine, type ProfileFormInput, type ProfileLoaded, type ProfilePageForm, type ProfileSaved, type ProfileValues } from './profile-form.machine.ts';

/** Each form's input as its page gives it (tests and stories; the pages give their own). */
export const PROFILE_FORM_INPUTS = {
  basic: { form: 'basic', schema: BasicProfileSchema },
  teacher: { form: 'teacher', schema: TeacherProfileSchema },
  parent: { form: 'parent', schema: ParentProfileSchema },
  schoolStaff: { form: 'schoolStaff', schema: SchoolStaffInfoSchema },
} as const satisfies Record<ProfilePageForm, ProfileFormInput>;

/** The seeded demo public user's basic profile as read from the server. */
export function sampleBasicProfile(overrides: Partial<BasicProfile> = {}): BasicProfile {
  return {
    title: 'mr',
    chineseSurname: '陳',
    chineseGivenName: '小明',
    englishSurname: 'Chan',
    englishGivenName: 'Siu Ming',
    nickname: 'Demo Public 1',
    gender: 'male',
    yearOfBirth: '1985',
    roles: ['PARENT'],
    region: 'HONGKONG',
    district: 'SHA_TIN',
    addressLine1Zh: '',
    addressLine2Zh: '',
    addressLine1En: '',
    addressLine2En: '',
    subscriptions: ['edPost'],
    ...overrides,
  };
}

export function sampleTeacherProfile(overrides: Partial<TeacherProfile> = {}): TeacherProfile {
  return {
    teacherType: 'registered',
    institution: 'Demo Primary School',
    username: 'tchan',
    confirmUsername: 'tchan',
    teachingLevels: ['primary'],
    specialCurricula: [],
    subjects: ['PRIMARY.CHINESE', 'PRIMARY.MATHS'],
    duties: ['SUBJECT_TEACHER'],
    dutyRemark: '',
    interests: ['STEM', 'READING'],
    ...overrides,
  };
}

export function sampleParentProfile(overrides: Partial<ParentProfile> = {}): ParentProfile {
  return { interests: ['READING'], ...overrides };
}

/** GET /api/profile for the demo public user: what the basic page shows beside the form. */
export function sampleProfileData(overrides: Partial<ProfileData> = {}): ProfileData {
  return {
    loginId: 'demo_public1',
    displayName: 'Demo Public 1',
    category: 'PUBLIC',
    loginEmail: 'public1@demo.test',
    pendingLoginEmail: null,
    contactEmail: 'public1@demo.test',
    pendingContactEmail: null,
    mobile: { countryCode: '852', mobile: '91234567', verified: true },
    values: sampleBasicProfile(),
    pendingSubscriptions: null,
    thirdPartyLinks: [],
    school: null,
    schoolReadOnly: false,
    ...overrides,
  };
}

export function sampleTeacherData(overrides: Partial<TeacherProfileData> = {}): TeacherProfileData {
  return {
    values: sampleTeacherProfile(),
    teacherEmail: 'teacher1@demo.test',
    pendingTeacherEmail: null,
    emailDomains: ['demo01.edu.hk'],
    schoolEmail: 'tchan@demo01.edu.hk',
    school: { code: 'DEMO01', name: 'Demo Primary School', chineseName: '示範小學' },
    ...overrides,
  };
}

/** `loadProfile`'s answer for the basic form. */
export function sampleLoaded(overrides: Partial<ProfileData> = {}): ProfileLoaded {
  const details = sampleProfileData(overrides);
  return { values: details.values, details };
}

/** `saveProfile`'s answer: the values, and a subscription waiting for its link when given. */
export function sampleSaved(values: ProfileValues, confirmation: ProfileSaved['confirmation'] = null): ProfileSaved {
  // The basic form's answer carries the display name, which a nickname sets.
  return 'nickname' in values && values.nickname ? { values, confirmation, displayName: values.nickname } : { values, confirmation };
}

export const NEW_NICKNAME = 'Siu Ming';
export const GENERATED_NICKNAME = 'Happy Panda 42';

export const profileFormModel = defineModel(profileFormMachine, {
  input: PROFILE_FORM_INPUTS.basic,
  events: [
    done('loadProfile', sampleLoaded()),
    fail('loadProfile', networkError()),
    { type: 'retry' },
    { type: 'nickname.generate', lang: 'en' },
    done('generateNickname', { nickname: GENERATED_NICKNAME }),
    fail('generateNickname', networkError()),
    change('nickname', NEW_NICKNAME),
    change('yearOfBirth', '19x5'),
    { type: 'form.submit' },
    { type: 'form.reset' },
    done('checkProfile', []),
    done('checkProfile', [{ field: 'nickname', rule: 'indecent' }]),
    fail('checkProfile', networkError()),
    done('saveProfile', sampleSaved(sampleBasicProfile({ nickname: NEW_NICKNAME }), { email: 'public1@demo.test', services: ['teacherInfo'] })),
    fail('saveProfile', apiError('nicknameTaken')),
    fail('saveProfile', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'details'),
  /*
   * Simple paths edit from a settled form only and leave retry, reset and nickname proposals to
   * the shortest and completion paths: with them the simple paths multiply past any use.
   */
  simplePathFilter: (snapshot, event) => {
    if (event.type === 'retry' || event.type === 'form.reset' || event.type === 'nickname.generate') return false;
    if (event.type === 'form.change') return snapshot.matches({ editing: 'idle' });
    return true;
  },
  paths: [
    // A proposal replaces a nickname the checks refused, then the form saves.
    [
      done('loadProfile', sampleLoaded()),
      change('nickname', NEW_NICKNAME),
      { type: 'form.submit' },
      done('checkProfile', [{ field: 'nickname', rule: 'indecent' }]),
      { type: 'nickname.generate', lang: 'en' },
      done('generateNickname', { nickname: GENERATED_NICKNAME }),
      { type: 'form.submit' },
      done('checkProfile', []),
    ],
  ],
});

/** The school-based demo teacher's staff entry, as /school-staff-info reads it. */
export function sampleSchoolStaffData(overrides: Partial<SchoolStaffInfoData> = {}): SchoolStaffInfoData {
  return {
    values: { chFullName: '陳大文', enFullName: 'Chan Tai Man' },
    school: { code: 'DEMO01', name: 'Demo Primary School', chineseName: '示範小學' },
    schoolEmail: 'tchan@demo-school.edu.hk',
    emailDomains: ['demo-school.edu.hk'],
    ...overrides,
  };
}

/** What each of the other three forms loads, a change that passes and one the schema refuses. */
const OTHER_FORMS = {
  teacher: {
    loaded: { values: sampleTeacherProfile(), details: sampleTeacherData() },
    edit: change('institution', 'Demo Secondary School'),
    spoil: change('confirmUsername', 'someone-else'),
    refused: [{ field: 'institution', rule: 'indecent' }],
  },
  parent: {
    loaded: { values: sampleParentProfile(), details: { values: sampleParentProfile() } },
    edit: change('interests', ['READING', 'PARENT_CHILD']),
    spoil: change('interests', ['NOT_AN_AREA']),
    refused: [],
  },
  schoolStaff: {
    loaded: { values: sampleSchoolStaffData().values, details: sampleSchoolStaffData() },
    edit: change('enFullName', 'Chan Tai-man'),
    spoil: change('enFullName', 'x'.repeat(101)),
    refused: [{ field: 'chFullName', rule: 'indecent' }],
  },
} as const;

/**
 * The same machine for the teacher, parent and school staff forms, for their views' state stories
 * (stories/profile-form-views.stories.tsx): every state but the nickname proposal, which only the
 * basic form offers. The registry's `profileFormModel` (basic) is the one coverage is counted on.
 */
export function profileFormModelFor(form: keyof typeof OTHER_FORMS) {
  const sample = OTHER_FORMS[form];
  return defineModel(profileFormMachine, {
    input: PROFILE_FORM_INPUTS[form],
    events: [
      done('loadProfile', sample.loaded),
      fail('loadProfile', networkError()),
      { type: 'retry' },
      sample.edit,
      sample.spoil,
      { type: 'form.submit' },
      { type: 'form.reset' },
      done('checkProfile', []),
      done('checkProfile', sample.refused),
      fail('checkProfile', networkError()),
      done('saveProfile', sampleSaved(sample.loaded.values as ProfileValues)),
      fail('saveProfile', networkError()),
    ],
    key: contextKey('fieldErrors', 'errorCode', 'details'),
    simplePathFilter: (snapshot, event) => (event.type === 'form.change' ? snapshot.matches({ editing: 'idle' }) : event.type !== 'retry' && event.type !== 'form.reset'),
    paths: [],
  });
}
