import type { BasicProfile, ParentProfile, TeacherProfile } from '../contract/schemas/profile.ts';
import { apiError, change, contextKey, defineModel, done, fail, networkError } from './model-kit.ts';
import { profileFormMachine } from './profile-form.machine.ts';

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
    subjects: ['CHINESE', 'MATHS'],
    duties: ['SUBJECT_TEACHER'],
    dutyRemark: '',
    interests: ['STEM', 'READING'],
    ...overrides,
  };
}

export function sampleParentProfile(overrides: Partial<ParentProfile> = {}): ParentProfile {
  return { interests: ['READING'], ...overrides };
}

export const NEW_NICKNAME = 'Siu Ming';

export const profileFormModel = defineModel(profileFormMachine, {
  input: { form: 'basic', values: sampleBasicProfile() },
  events: [
    change('nickname', NEW_NICKNAME),
    change('yearOfBirth', '19x5'),
    { type: 'form.submit' },
    { type: 'form.reset' },
    done('checkProfile', []),
    done('checkProfile', [{ field: 'nickname', rule: 'indecent' }]),
    fail('checkProfile', networkError()),
    done('saveProfile', sampleBasicProfile({ nickname: NEW_NICKNAME })),
    fail('saveProfile', apiError('nicknameTaken')),
    fail('saveProfile', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode'),
});
