import { defineMessages } from '../../../i18n/define-messages.ts';

/** The basic profile (group `profileBasic`, downloaded with the page). */
export const basicMessages = defineMessages({
  personalTitle: { id: 'profileBasic.personalTitle', defaultMessage: 'Personal details', description: 'Heading of /profile: names, nickname, about you.' },
  personalLead: {
    id: 'profileBasic.personalLead',
    defaultMessage: 'Your account, your names and how others see you.',
    description: 'Introduction of the personal details page.',
  },
  addressTitle: { id: 'profileBasic.addressTitle', defaultMessage: 'Address and newsletters', description: 'Heading of /profile/address.' },
  addressLead: {
    id: 'profileBasic.addressLead',
    defaultMessage: 'Where you live and which newsletters we send you.',
    description: 'Introduction of the address and newsletters page.',
  },
  emailsTitle: { id: 'profileBasic.emailsTitle', defaultMessage: 'Emails and mobile', description: 'Heading of /profile/emails.' },
  emailsLead: {
    id: 'profileBasic.emailsLead',
    defaultMessage: 'A new email address is changed once you follow the link we send to it: each address has its own button to send that link.',
    description: 'Introduction of the emails and mobile page.',
  },
  savePersonal: { id: 'profileBasic.savePersonal', defaultMessage: 'Save personal details', description: 'Save button of the personal details.' },
  saveAddress: { id: 'profileBasic.saveAddress', defaultMessage: 'Save address and newsletters', description: 'Save button of the address and newsletters.' },
  displayName: { id: 'profileBasic.displayName', defaultMessage: 'Display name', description: 'Read-only row: the name others see (given at registration).' },
  nicknameHintNamed: {
    id: 'profileBasic.nicknameHintNamed',
    defaultMessage: 'Shown to others instead of your display name, {displayName}. Up to 100 characters.',
    description: 'Hint of the nickname field; {displayName} is the name given at registration.',
  },
  account: { id: 'profileBasic.account', defaultMessage: 'Account', description: 'Heading of the read-only account details.' },
  loginId: { id: 'profileBasic.loginId', defaultMessage: 'Login ID', description: 'Read-only row: login ID.' },
  category: { id: 'profileBasic.category', defaultMessage: 'Account category', description: 'Read-only row: account category.' },
  loginEmail: { id: 'profileBasic.loginEmail', defaultMessage: 'Login email', description: 'Heading of the login email section.' },
  contactEmail: { id: 'profileBasic.contactEmail', defaultMessage: 'Contact email', description: 'Heading of the contact email section.' },
  mobile: { id: 'profileBasic.mobile', defaultMessage: 'Mobile phone', description: 'Heading of the mobile phone section.' },
  mobileNumber: { id: 'profileBasic.mobileNumber', defaultMessage: '+{countryCode} {mobile}', description: 'A mobile number with its country code.' },
  mobileVerified: { id: 'profileBasic.mobileVerified', defaultMessage: 'Verified', description: 'State of a verified mobile number.' },
  mobileNotVerified: { id: 'profileBasic.mobileNotVerified', defaultMessage: 'Not verified', description: 'State of a mobile number not verified yet.' },
  mobileNone: { id: 'profileBasic.mobileNone', defaultMessage: 'No mobile number yet.', description: 'Shown when the account has no mobile number.' },
  mobileVerify: {
    id: 'profileBasic.mobileVerify',
    defaultMessage: 'Add or verify a mobile number',
    description: 'Link to the mobile verification page.',
  },
  school: { id: 'profileBasic.school', defaultMessage: 'School', description: 'Heading and row: the student’s school.' },
  schoolValue: { id: 'profileBasic.schoolValue', defaultMessage: '{name} ({code})', description: 'A school name with its code.' },
  schoolReadOnly: {
    id: 'profileBasic.schoolReadOnly',
    defaultMessage: 'Your school information is kept by your school and cannot be changed here.',
    description: 'Note for students under their read-only school information.',
  },
  names: { id: 'profileBasic.names', defaultMessage: 'Name', description: 'Heading of the name fields.' },
  nicknameHint: {
    id: 'profileBasic.nicknameHint',
    defaultMessage: 'Shown to others instead of your name. Up to 100 characters.',
    description: 'Hint of the nickname field.',
  },
  generate: { id: 'profileBasic.generate', defaultMessage: 'Suggest a nickname', description: 'Button that proposes a free nickname.' },
  generating: { id: 'profileBasic.generating', defaultMessage: 'Suggesting a nickname…', description: 'Announced while a nickname is being proposed.' },
  about: { id: 'profileBasic.about', defaultMessage: 'About you', description: 'Heading of gender, year of birth and roles.' },
  yearOfBirthHint: { id: 'profileBasic.yearOfBirthHint', defaultMessage: 'For example, 1985', description: 'Hint of the year of birth field.' },
  address: { id: 'profileBasic.address', defaultMessage: 'Address', description: 'Heading of the address fields.' },
  newsletters: { id: 'profileBasic.newsletters', defaultMessage: 'Newsletters', description: 'Heading and legend of the newsletter choices.' },
  newslettersHint: {
    id: 'profileBasic.newslettersHint',
    defaultMessage: 'A change is confirmed by a link we email to you; it applies when you follow it.',
    description: 'Hint of the newsletter choices.',
  },
  pending: {
    id: 'profileBasic.pending',
    defaultMessage: 'Waiting for confirmation: {services}.',
    description: 'Newsletters chosen on the profile whose confirmation link was not followed yet.',
  },
  confirmationSent: {
    id: 'profileBasic.confirmationSent',
    defaultMessage: 'We sent a confirmation link to {email}. Your newsletters change to {services} when you follow it within 24 hours.',
    description: 'Shown after saving a newsletter change; {services} lists the newsletters asked for.',
  },
  pendingEmail: {
    id: 'profileBasic.pendingEmail',
    defaultMessage: '{email} is waiting for its confirmation link to be followed.',
    description: 'A new email address not confirmed yet.',
  },
  noServices: { id: 'profileBasic.noServices', defaultMessage: 'no newsletters', description: 'Used in {services} when none is chosen.' },
  thirdParty: { id: 'profileBasic.thirdParty', defaultMessage: 'Linked accounts', description: 'Heading of the linked third-party logins.' },
  thirdPartyNone: {
    id: 'profileBasic.thirdPartyNone',
    defaultMessage: 'No other account is linked to this one.',
    description: 'Shown when no third-party login is linked.',
  },
  thirdPartyManage: { id: 'profileBasic.thirdPartyManage', defaultMessage: 'Link or unlink accounts', description: 'Link to /profile/login-info under the linked accounts.' },
  provider_google: { id: 'profileBasic.provider.google', defaultMessage: 'Google', description: 'Third-party login provider name.' },
  // Field names (labels, and {field} in validation messages)
  titleField: { id: 'profileBasic.field.title', defaultMessage: 'Title', description: 'Field name: title (Mr, Mrs…).' },
  chineseSurname: { id: 'profileBasic.field.chineseSurname', defaultMessage: 'Chinese surname', description: 'Field name.' },
  chineseGivenName: { id: 'profileBasic.field.chineseGivenName', defaultMessage: 'Chinese given name', description: 'Field name.' },
  englishSurname: { id: 'profileBasic.field.englishSurname', defaultMessage: 'English surname', description: 'Field name.' },
  englishGivenName: { id: 'profileBasic.field.englishGivenName', defaultMessage: 'English given name', description: 'Field name.' },
  nickname: { id: 'profileBasic.field.nickname', defaultMessage: 'Nickname', description: 'Field name.' },
  gender: { id: 'profileBasic.field.gender', defaultMessage: 'Gender', description: 'Field name.' },
  yearOfBirth: { id: 'profileBasic.field.yearOfBirth', defaultMessage: 'Year of birth', description: 'Field name.' },
  roles: { id: 'profileBasic.field.roles', defaultMessage: 'I am a', description: 'Legend of the self-claimed roles (teacher, student, parent).' },
  region: { id: 'profileBasic.field.region', defaultMessage: 'Region', description: 'Field name.' },
  district: { id: 'profileBasic.field.district', defaultMessage: 'District', description: 'Field name: Hong Kong district.' },
  addressLine1Zh: { id: 'profileBasic.field.addressLine1Zh', defaultMessage: 'Address line 1 (Chinese)', description: 'Field name.' },
  addressLine2Zh: { id: 'profileBasic.field.addressLine2Zh', defaultMessage: 'Address line 2 (Chinese)', description: 'Field name.' },
  addressLine1En: { id: 'profileBasic.field.addressLine1En', defaultMessage: 'Address line 1 (English)', description: 'Field name.' },
  addressLine2En: { id: 'profileBasic.field.addressLine2En', defaultMessage: 'Address line 2 (English)', description: 'Field name.' },
  subscriptions: { id: 'profileBasic.field.subscriptions', defaultMessage: 'Newsletters', description: 'Field name: newsletter subscriptions.' },
});

export const titleMessages = defineMessages({
  mr: { id: 'profileBasic.title.mr', defaultMessage: 'Mr', description: 'Title.' },
  mrs: { id: 'profileBasic.title.mrs', defaultMessage: 'Mrs', description: 'Title.' },
  miss: { id: 'profileBasic.title.miss', defaultMessage: 'Miss', description: 'Title.' },
  ms: { id: 'profileBasic.title.ms', defaultMessage: 'Ms', description: 'Title.' },
});

export const genderMessages = defineMessages({
  male: { id: 'profileBasic.gender.male', defaultMessage: 'Male', description: 'Gender.' },
  female: { id: 'profileBasic.gender.female', defaultMessage: 'Female', description: 'Gender.' },
});

export const roleMessages = defineMessages({
  TEACHER: { id: 'profileBasic.role.TEACHER', defaultMessage: 'Teacher', description: 'Self-claimed role.' },
  STUDENT: { id: 'profileBasic.role.STUDENT', defaultMessage: 'Student', description: 'Self-claimed role.' },
  PARENT: { id: 'profileBasic.role.PARENT', defaultMessage: 'Parent', description: 'Self-claimed role.' },
});

export const regionMessages = defineMessages({
  HONGKONG: { id: 'profileBasic.region.HONGKONG', defaultMessage: 'Hong Kong', description: 'Region.' },
  MACAU: { id: 'profileBasic.region.MACAU', defaultMessage: 'Macao', description: 'Region.' },
  CHINA: { id: 'profileBasic.region.CHINA', defaultMessage: 'Mainland China', description: 'Region.' },
  OTHER: { id: 'profileBasic.region.OTHER', defaultMessage: 'Other', description: 'Region.' },
});

export const serviceMessages = defineMessages({
  edPost: { id: 'profileBasic.service.edPost', defaultMessage: 'EdPost: news of the education platform', description: 'Newsletter.' },
  teacherInfo: { id: 'profileBasic.service.teacherInfo', defaultMessage: 'Information for teachers', description: 'Newsletter.' },
  parentInfo: { id: 'profileBasic.service.parentInfo', defaultMessage: 'Information for parents', description: 'Newsletter.' },
  studentInfo: { id: 'profileBasic.service.studentInfo', defaultMessage: 'Information for students', description: 'Newsletter.' },
  DoNotCall: { id: 'profileBasic.service.DoNotCall', defaultMessage: 'Do not call me with promotional information', description: 'Newsletter choice.' },
});

/** The 18 districts of Hong Kong (SPEC §3), as the Government names them. */
export const districtMessages = defineMessages({
  CENTRAL_AND_WESTERN: { id: 'profileBasic.district.CENTRAL_AND_WESTERN', defaultMessage: 'Central and Western', description: 'Hong Kong district.' },
  WAN_CHAI: { id: 'profileBasic.district.WAN_CHAI', defaultMessage: 'Wan Chai', description: 'Hong Kong district.' },
  EASTERN: { id: 'profileBasic.district.EASTERN', defaultMessage: 'Eastern', description: 'Hong Kong district.' },
  SOUTHERN: { id: 'profileBasic.district.SOUTHERN', defaultMessage: 'Southern', description: 'Hong Kong district.' },
  YAU_TSIM_MONG: { id: 'profileBasic.district.YAU_TSIM_MONG', defaultMessage: 'Yau Tsim Mong', description: 'Hong Kong district.' },
  SHAM_SHUI_PO: { id: 'profileBasic.district.SHAM_SHUI_PO', defaultMessage: 'Sham Shui Po', description: 'Hong Kong district.' },
  KOWLOON_CITY: { id: 'profileBasic.district.KOWLOON_CITY', defaultMessage: 'Kowloon City', description: 'Hong Kong district.' },
  WONG_TAI_SIN: { id: 'profileBasic.district.WONG_TAI_SIN', defaultMessage: 'Wong Tai Sin', description: 'Hong Kong district.' },
  KWUN_TONG: { id: 'profileBasic.district.KWUN_TONG', defaultMessage: 'Kwun Tong', description: 'Hong Kong district.' },
  KWAI_TSING: { id: 'profileBasic.district.KWAI_TSING', defaultMessage: 'Kwai Tsing', description: 'Hong Kong district.' },
  TSUEN_WAN: { id: 'profileBasic.district.TSUEN_WAN', defaultMessage: 'Tsuen Wan', description: 'Hong Kong district.' },
  TUEN_MUN: { id: 'profileBasic.district.TUEN_MUN', defaultMessage: 'Tuen Mun', description: 'Hong Kong district.' },
  YUEN_LONG: { id: 'profileBasic.district.YUEN_LONG', defaultMessage: 'Yuen Long', description: 'Hong Kong district.' },
  NORTH: { id: 'profileBasic.district.NORTH', defaultMessage: 'North', description: 'Hong Kong district.' },
  TAI_PO: { id: 'profileBasic.district.TAI_PO', defaultMessage: 'Tai Po', description: 'Hong Kong district.' },
  SHA_TIN: { id: 'profileBasic.district.SHA_TIN', defaultMessage: 'Sha Tin', description: 'Hong Kong district.' },
  SAI_KUNG: { id: 'profileBasic.district.SAI_KUNG', defaultMessage: 'Sai Kung', description: 'Hong Kong district.' },
  ISLANDS: { id: 'profileBasic.district.ISLANDS', defaultMessage: 'Islands', description: 'Hong Kong district.' },
});
