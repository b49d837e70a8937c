import { defineMessages } from '../../../i18n/define-messages.ts';

/** The teacher profile (group `profileTeacher`). */
export const teacherMessages = defineMessages({
  title: { id: 'profileTeacher.title', defaultMessage: 'Teacher profile', description: 'Heading of the teacher profile page.' },
  lead: {
    id: 'profileTeacher.lead',
    defaultMessage: 'Tell us where and what you teach, so we can send you what fits.',
    description: 'Introduction of the teacher profile page.',
  },
  school: { id: 'profileTeacher.school', defaultMessage: 'School and email', description: 'Heading of the read-only school details.' },
  schoolName: { id: 'profileTeacher.schoolName', defaultMessage: 'School', description: 'Read-only row: the teacher’s school.' },
  emailDomains: { id: 'profileTeacher.emailDomains', defaultMessage: 'School email domains', description: 'Read-only row: email domains the school accepts.' },
  schoolEmail: { id: 'profileTeacher.schoolEmail', defaultMessage: 'School email', description: 'Read-only row: the school email the administrator assigned.' },
  teacherEmail: { id: 'profileTeacher.teacherEmail', defaultMessage: 'Teacher email', description: 'Heading of the teacher email section.' },
  teaching: { id: 'profileTeacher.teaching', defaultMessage: 'What you teach', description: 'Heading of levels, curricula and subjects.' },
  subjectsOf: { id: 'profileTeacher.subjectsOf', defaultMessage: 'Subjects: {level}', description: 'Legend of the subjects of one teaching level.' },
  subjectsHint: {
    id: 'profileTeacher.subjectsHint',
    defaultMessage: 'Choose a teaching level above to see its subjects.',
    description: 'Shown when no teaching level with subjects is chosen.',
  },
  dutiesAndInterests: { id: 'profileTeacher.dutiesAndInterests', defaultMessage: 'Duties and interests', description: 'Heading of duties and interest areas.' },
  dutyRemarkHint: { id: 'profileTeacher.dutyRemarkHint', defaultMessage: 'Required when you chose Others.', description: 'Hint of the duty remark field.' },
  // Field names
  teacherType: { id: 'profileTeacher.field.teacherType', defaultMessage: 'Teacher type', description: 'Field name.' },
  institution: { id: 'profileTeacher.field.institution', defaultMessage: 'Institution', description: 'Field name: school or institution.' },
  username: { id: 'profileTeacher.field.username', defaultMessage: 'E-services or school username', description: 'Field name.' },
  confirmUsername: { id: 'profileTeacher.field.confirmUsername', defaultMessage: 'Retype the username', description: 'Field name.' },
  teachingLevels: { id: 'profileTeacher.field.teachingLevels', defaultMessage: 'Teaching levels', description: 'Field name.' },
  specialCurricula: { id: 'profileTeacher.field.specialCurricula', defaultMessage: 'Special education curricula', description: 'Field name.' },
  subjects: { id: 'profileTeacher.field.subjects', defaultMessage: 'Teaching subjects', description: 'Field name.' },
  duties: { id: 'profileTeacher.field.duties', defaultMessage: 'Major duties', description: 'Field name.' },
  dutyRemark: { id: 'profileTeacher.field.dutyRemark', defaultMessage: 'Other duties', description: 'Field name: free-text duty remark.' },
  interests: { id: 'profileTeacher.field.interests', defaultMessage: 'Interest areas', description: 'Field name.' },
});

export const teacherTypeMessages = defineMessages({
  registered: { id: 'profileTeacher.type.registered', defaultMessage: 'Registered teacher', description: 'Teacher type.' },
  preService: { id: 'profileTeacher.type.preService', defaultMessage: 'Pre-service teacher (student)', description: 'Teacher type.' },
  prePrimary: { id: 'profileTeacher.type.prePrimary', defaultMessage: 'Pre-primary teacher', description: 'Teacher type.' },
  universityTeacher: { id: 'profileTeacher.type.universityTeacher', defaultMessage: 'University teacher (staff)', description: 'Teacher type.' },
  retired: { id: 'profileTeacher.type.retired', defaultMessage: 'Retired teacher', description: 'Teacher type.' },
  others: { id: 'profileTeacher.type.others', defaultMessage: 'Others', description: 'Teacher type.' },
});

export const levelMessages = defineMessages({
  prePrimary: { id: 'profileTeacher.level.prePrimary', defaultMessage: 'Pre-primary', description: 'Teaching level.' },
  primary: { id: 'profileTeacher.level.primary', defaultMessage: 'Primary', description: 'Teaching level.' },
  secondary: { id: 'profileTeacher.level.secondary', defaultMessage: 'Secondary', description: 'Teaching level.' },
  tertiary: { id: 'profileTeacher.level.tertiary', defaultMessage: 'Tertiary', description: 'Teaching level.' },
  special: { id: 'profileTeacher.level.special', defaultMessage: 'Special education', description: 'Teaching level.' },
});

export const curriculumMessages = defineMessages({
  BASIC: { id: 'profileTeacher.curriculum.BASIC', defaultMessage: 'Basic education curriculum', description: 'Special education curriculum.' },
  SENIOR: { id: 'profileTeacher.curriculum.SENIOR', defaultMessage: 'Senior secondary curriculum', description: 'Special education curriculum.' },
  BASIC_ID: {
    id: 'profileTeacher.curriculum.BASIC_ID',
    defaultMessage: 'Basic education curriculum (intellectual disability)',
    description: 'Special education curriculum for students with intellectual disability.',
  },
  SENIOR_ID: {
    id: 'profileTeacher.curriculum.SENIOR_ID',
    defaultMessage: 'Senior secondary curriculum (intellectual disability)',
    description: 'Special education curriculum for students with intellectual disability.',
  },
});

export const dutyMessages = defineMessages({
  PRINCIPAL: { id: 'profileTeacher.duty.PRINCIPAL', defaultMessage: 'Principal', description: 'Major duty.' },
  VICE_PRINCIPAL: { id: 'profileTeacher.duty.VICE_PRINCIPAL', defaultMessage: 'Vice principal', description: 'Major duty.' },
  ASSISTANT_PRINCIPAL: { id: 'profileTeacher.duty.ASSISTANT_PRINCIPAL', defaultMessage: 'Assistant principal', description: 'Major duty.' },
  DISCIPLINE: { id: 'profileTeacher.duty.DISCIPLINE', defaultMessage: 'Discipline', description: 'Major duty.' },
  SCH_AFFR_OFFICER: { id: 'profileTeacher.duty.SCH_AFFR_OFFICER', defaultMessage: 'School affairs officer', description: 'Major duty.' },
  SUBJECT_PANEL: { id: 'profileTeacher.duty.SUBJECT_PANEL', defaultMessage: 'Subject panel head', description: 'Major duty.' },
  SUBJECT_TEACHER: { id: 'profileTeacher.duty.SUBJECT_TEACHER', defaultMessage: 'Subject teacher', description: 'Major duty.' },
  IT_COORDINATOR: { id: 'profileTeacher.duty.IT_COORDINATOR', defaultMessage: 'IT coordinator', description: 'Major duty.' },
  LIBRARIAN: { id: 'profileTeacher.duty.LIBRARIAN', defaultMessage: 'Teacher librarian', description: 'Major duty.' },
  CAREER: { id: 'profileTeacher.duty.CAREER', defaultMessage: 'Careers guidance', description: 'Major duty.' },
  CDP_COORDINATOR: { id: 'profileTeacher.duty.CDP_COORDINATOR', defaultMessage: 'Curriculum development coordinator', description: 'Major duty.' },
  OTHERS: { id: 'profileTeacher.duty.OTHERS', defaultMessage: 'Others', description: 'Major duty.' },
});

export const teacherInterestMessages = defineMessages({
  SPECIAL: { id: 'profileTeacher.interest.SPECIAL', defaultMessage: 'Special educational needs', description: 'Interest area.' },
  READING: { id: 'profileTeacher.interest.READING', defaultMessage: 'Reading', description: 'Interest area.' },
  PARENT_SCH_COOP: { id: 'profileTeacher.interest.PARENT_SCH_COOP', defaultMessage: 'Home-school cooperation', description: 'Interest area.' },
  WIFI: { id: 'profileTeacher.interest.WIFI', defaultMessage: 'Wi-Fi in schools', description: 'Interest area.' },
  STEM: { id: 'profileTeacher.interest.STEM', defaultMessage: 'STEM education', description: 'Interest area.' },
  ASSESSMENT: { id: 'profileTeacher.interest.ASSESSMENT', defaultMessage: 'Assessment', description: 'Interest area.' },
  RESOURCE: { id: 'profileTeacher.interest.RESOURCE', defaultMessage: 'Teaching resources', description: 'Interest area.' },
  SELF_LEARNING: { id: 'profileTeacher.interest.SELF_LEARNING', defaultMessage: 'Self-directed learning', description: 'Interest area.' },
  E_LEARNING: { id: 'profileTeacher.interest.E_LEARNING', defaultMessage: 'e-Learning', description: 'Interest area.' },
  PROFESSIONAL: { id: 'profileTeacher.interest.PROFESSIONAL', defaultMessage: 'Professional development', description: 'Interest area.' },
});
