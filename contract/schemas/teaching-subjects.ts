/**
 * Teaching subjects per level (SPEC §3 Teacher profile: "level-specific codes such as CHINESE,
 * ENGLISH, MATHS; secondary also BIOLOGY, CHEMISTRY, PHYSICS, LIBERAL, APPLIED and others (full
 * list not shown)"). The lists follow the Hong Kong curriculum frameworks (pre-primary learning
 * areas, primary key learning areas and subjects, the senior secondary core and elective subjects
 * and junior secondary subjects, special-school subjects); docs/decisions/profile.md records them.
 * TERTIARY has no list (SPEC). A profile stores `LEVEL.CODE` strings, e.g. `SECONDARY.PHYSICS`,
 * so the same code under two levels stays two choices. Labels live in the locales as
 * `subject.<CODE>` (one label per code, shared across levels).
 */
export const SUBJECT_LEVELS = ['PRE_PRIMARY', 'PRIMARY', 'SECONDARY', 'TERTIARY', 'SPECIAL'] as const;
export type SubjectLevel = (typeof SUBJECT_LEVELS)[number];

export const TEACHING_SUBJECTS = {
  PRE_PRIMARY: [
    'CHINESE',
    'ENGLISH',
    'PUTONGHUA',
    'MATHS',
    'NATURE_AND_LIVING',
    'SELF_AND_SOCIETY',
    'PHYSICAL_FITNESS_AND_HEALTH',
    'ARTS_AND_CREATIVITY',
    'MUSIC',
    'OTHERS',
  ],
  PRIMARY: [
    'CHINESE',
    'ENGLISH',
    'PUTONGHUA',
    'MATHS',
    'GENERAL_STUDIES',
    'SCIENCE',
    'HUMANITIES',
    'VISUAL_ARTS',
    'MUSIC',
    'PHYSICAL_EDUCATION',
    'COMPUTER',
    'RELIGIOUS_EDUCATION',
    'LIBRARY',
    'OTHERS',
  ],
  SECONDARY: [
    'CHINESE',
    'ENGLISH',
    'PUTONGHUA',
    'MATHS',
    'MATHS_M1',
    'MATHS_M2',
    'LIBERAL',
    'CITIZENSHIP',
    'INTEGRATED_SCIENCE',
    'COMBINED_SCIENCE',
    'BIOLOGY',
    'CHEMISTRY',
    'PHYSICS',
    'CHINESE_HISTORY',
    'HISTORY',
    'GEOGRAPHY',
    'ECONOMICS',
    'BAFS',
    'ICT',
    'COMPUTER_LITERACY',
    'DESIGN_AND_APPLIED_TECHNOLOGY',
    'TECHNOLOGY_AND_LIVING',
    'HEALTH_MANAGEMENT_AND_SOCIAL_CARE',
    'TOURISM_AND_HOSPITALITY',
    'ETHICS_AND_RELIGIOUS_STUDIES',
    'CHINESE_LITERATURE',
    'ENGLISH_LITERATURE',
    'LIFE_AND_SOCIETY',
    'VISUAL_ARTS',
    'MUSIC',
    'PHYSICAL_EDUCATION',
    'APPLIED',
    'OTHER_LANGUAGES',
    'OTHERS',
  ],
  TERTIARY: [],
  SPECIAL: [
    'CHINESE',
    'ENGLISH',
    'MATHS',
    'GENERAL_STUDIES',
    'LIBERAL',
    'SCIENCE',
    'ICT',
    'VISUAL_ARTS',
    'MUSIC',
    'PHYSICAL_EDUCATION',
    'INDEPENDENT_LIVING',
    'LIFE_SKILLS',
    'SOCIAL_ADAPTATION',
    'SPEECH_THERAPY',
    'OTHERS',
  ],
} as const satisfies Record<SubjectLevel, readonly string[]>;

/** The stored choice: `SECONDARY.PHYSICS`. */
export type TeachingSubjectChoice = `${SubjectLevel}.${string}`;

export function subjectChoice(level: SubjectLevel, code: string): TeachingSubjectChoice {
  return `${level}.${code}`;
}

/** True when `choice` is `LEVEL.CODE` with CODE in that level's list. */
export function isTeachingSubjectChoice(choice: string): choice is TeachingSubjectChoice {
  const dot = choice.indexOf('.');
  if (dot < 0) return false;
  const level = choice.slice(0, dot) as SubjectLevel;
  const code = choice.slice(dot + 1);
  const list: readonly string[] | undefined = (TEACHING_SUBJECTS as Record<string, readonly string[]>)[level];
  return list !== undefined && list.includes(code);
}

/** Maps the profile's teaching level (TEACHING_LEVELS) to its subject level. */
export const SUBJECT_LEVEL_OF = {
  prePrimary: 'PRE_PRIMARY',
  primary: 'PRIMARY',
  secondary: 'SECONDARY',
  tertiary: 'TERTIARY',
  special: 'SPECIAL',
} as const satisfies Record<string, SubjectLevel>;
