import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { schoolNameIn } from '../../../../contract/languages.ts';
import {
  MAJOR_DUTIES,
  SPECIAL_CURRICULA,
  TEACHER_INTEREST_AREAS,
  TEACHER_TYPES,
  TEACHING_LEVELS,
  type TeacherProfile,
  type TeacherProfileData,
  type TeachingLevel,
} from '../../../../contract/schemas/teacher-profile.ts';
import type { EmailChangeKind } from '../../../../contract/schemas/verification.ts';
import { subjectChoice, TEACHING_SUBJECTS, type SubjectLevel } from '../../../../contract/schemas/teaching-subjects.ts';
import type { ProfileField } from '../../../../machines/profile/profile-form.machine.ts';
import { cx } from '../../../ui/cx.ts';
import { TextInput } from '../../../ui/text-input.tsx';
import styles from '../../features.module.css';
import { CheckboxGroup, type ChoiceOption } from '../../../ui/checkbox-group.tsx';
import { ReadOnlyList, SelectField, useOptions, useProfileForm } from '../profile-fields.tsx';
import { ProfileFormFrame, type ProfileFormActor } from '../profile-form-frame.tsx';
import { profileFormMessages } from '../profile-form-messages.ts';
import { subjectMessages } from './subject-messages.ts';
import {
  curriculumMessages,
  dutyMessages,
  levelMessages,
  teacherInterestMessages,
  teacherMessages as m,
  teacherTypeMessages,
} from './teacher-profile-messages.ts';

export type TeacherEmailPanelRenderer = (props: { kind: EmailChangeKind; currentEmail: string | null; pendingEmail: string | null }) => ReactNode;

export interface TeacherProfileViewProps {
  actor: ProfileFormActor;
  emailPanel?: TeacherEmailPanelRenderer;
}

const SUBJECT_LEVEL: Record<TeachingLevel, SubjectLevel> = {
  prePrimary: 'PRE_PRIMARY',
  primary: 'PRIMARY',
  secondary: 'SECONDARY',
  tertiary: 'TERTIARY',
  special: 'SPECIAL',
};

function SchoolDetails({ details, emailPanel }: { details: TeacherProfileData; emailPanel: TeacherEmailPanelRenderer | undefined }) {
  const intl = useIntl();
  const none = intl.formatMessage(profileFormMessages.none);
  const rows = [
    { key: 'school', label: intl.formatMessage(m.schoolName), value: details.school ? `${schoolNameIn(intl.locale, details.school)} (${details.school.code})` : none },
    { key: 'domains', label: intl.formatMessage(m.emailDomains), value: details.emailDomains.length > 0 ? details.emailDomains.join(', ') : none },
    { key: 'schoolEmail', label: intl.formatMessage(m.schoolEmail), value: details.schoolEmail ?? none },
  ];
  return (
    <>
      <h2 className={cx(styles.subheading)}>{intl.formatMessage(m.school)}</h2>
      <ReadOnlyList rows={rows} />
      <p className={cx(styles.muted)}>{intl.formatMessage(profileFormMessages.readOnlyHint)}</p>
      <section aria-labelledby="teacher-email-heading">
        <h2 id="teacher-email-heading" className={cx(styles.subheading)}>
          {intl.formatMessage(m.teacherEmail)}
        </h2>
        {emailPanel ? (
          emailPanel({ kind: 'teacher', currentEmail: details.teacherEmail, pendingEmail: details.pendingTeacherEmail })
        ) : (
          <p>{details.teacherEmail ?? none}</p>
        )}
      </section>
    </>
  );
}

/** The teacher profile (SPEC §3): type, institution, username, levels, curricula, subjects per level, duties, interests. */
export function TeacherProfileView({ actor, emailPanel }: TeacherProfileViewProps) {
  const intl = useIntl();
  const { values, details, errors, field } = useProfileForm<TeacherProfile, TeacherProfileData>(actor);
  const types = useOptions(TEACHER_TYPES, teacherTypeMessages);
  const levels = useOptions(TEACHING_LEVELS, levelMessages);
  const curricula = useOptions(SPECIAL_CURRICULA, curriculumMessages);
  const duties = useOptions(MAJOR_DUTIES, dutyMessages);
  const interests = useOptions(TEACHER_INTEREST_AREAS, teacherInterestMessages);
  const subjectGroups = useMemo(
    () =>
      values.teachingLevels
        .map((level) => SUBJECT_LEVEL[level])
        .filter((level) => TEACHING_SUBJECTS[level].length > 0)
        .map((level) => ({
          level,
          options: TEACHING_SUBJECTS[level].map((code): ChoiceOption => ({ value: subjectChoice(level, code), label: intl.formatMessage(subjectMessages[code]) })),
        })),
    [values.teachingLevels, intl],
  );

  const change = (field: ProfileField, value: string | readonly string[]) => actor.send({ type: 'form.change', field, value });
  const onLevels = (next: string[]) => {
    change('teachingLevels', next);
    // Subjects and curricula of a level no longer chosen go with it (the server refuses them).
    const kept = new Set(next.map((level) => SUBJECT_LEVEL[level as TeachingLevel]));
    const subjects = values.subjects.filter((choice) => kept.has(choice.slice(0, choice.indexOf('.')) as SubjectLevel));
    if (subjects.length !== values.subjects.length) change('subjects', subjects);
    if (!next.includes('special') && values.specialCurricula.length > 0) change('specialCurricula', []);
  };
  const onSubjects = (level: SubjectLevel, chosen: string[]) => {
    const others = values.subjects.filter((choice) => !choice.startsWith(`${level}.`));
    change('subjects', [...others, ...chosen]);
  };

  return (
    <ProfileFormFrame
      actor={actor}
      title={intl.formatMessage(m.title)}
      lead={intl.formatMessage(m.lead)}
      errors={errors}
      before={details ? <SchoolDetails details={details} emailPanel={emailPanel} /> : null}
    >
      <SelectField {...field('teacherType')} label={intl.formatMessage(m.teacherType)} options={types} optional={false} />
      <TextInput {...field('institution')} label={intl.formatMessage(m.institution)} autoComplete="organization" />
      <TextInput {...field('username')} label={intl.formatMessage(m.username)} width={20} autoComplete="off" />
      <TextInput {...field('confirmUsername')} label={intl.formatMessage(m.confirmUsername)} width={20} autoComplete="off" />
      <h2 className={cx(styles.subheading)}>{intl.formatMessage(m.teaching)}</h2>
      <CheckboxGroup
        id="teachingLevels"
        legend={intl.formatMessage(m.teachingLevels)}
        hint={intl.formatMessage(profileFormMessages.chooseAny)}
        error={errors.errorFor('teachingLevels')}
        options={levels}
        value={values.teachingLevels}
        onValueChange={onLevels}
      />
      {values.teachingLevels.includes('special') ? (
        <CheckboxGroup {...field('specialCurricula')} legend={intl.formatMessage(m.specialCurricula)} options={curricula} />
      ) : null}
      {subjectGroups.length === 0 ? <p className={cx(styles.muted)}>{intl.formatMessage(m.subjectsHint)}</p> : null}
      {subjectGroups.map((group, index) => (
        <CheckboxGroup
          key={group.level}
          id={index === 0 ? 'subjects' : `subjects-${group.level}`}
          legend={intl.formatMessage(m.subjectsOf, {
            level: intl.formatMessage(levelMessages[TEACHING_LEVELS.find((level) => SUBJECT_LEVEL[level] === group.level) ?? 'primary']),
          })}
          error={index === 0 ? errors.errorFor('subjects') : null}
          options={group.options}
          value={values.subjects.filter((choice) => choice.startsWith(`${group.level}.`))}
          onValueChange={(chosen) => onSubjects(group.level, chosen)}
        />
      ))}
      <h2 className={cx(styles.subheading)}>{intl.formatMessage(m.dutiesAndInterests)}</h2>
      <CheckboxGroup {...field('duties')} legend={intl.formatMessage(m.duties)} options={duties} />
      {values.duties.includes('OTHERS') ? (
        <TextInput {...field('dutyRemark')} label={intl.formatMessage(m.dutyRemark)} hint={intl.formatMessage(m.dutyRemarkHint)} />
      ) : null}
      <CheckboxGroup {...field('interests')} legend={intl.formatMessage(m.interests)} hint={intl.formatMessage(profileFormMessages.chooseAny)} options={interests} />
    </ProfileFormFrame>
  );
}
