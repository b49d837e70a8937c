import { useIntl } from 'react-intl';
import { schoolNameIn } from '../../../../contract/languages.ts';
import type { SchoolStaffInfo, SchoolStaffInfoData } from '../../../../contract/schemas/profile.ts';
import { cx } from '../../../ui/cx.ts';
import { TextInput } from '../../../ui/text-input.tsx';
import styles from '../../features.module.css';
import { ReadOnlyList, useProfileForm } from '../profile-fields.tsx';
import { ProfileFormFrame, type ProfileFormActor } from '../profile-form-frame.tsx';
import { profileFormMessages } from '../profile-form-messages.ts';
import { schoolStaffMessages as m } from './school-staff-messages.ts';

function SchoolDetails({ details }: { details: SchoolStaffInfoData }) {
  const intl = useIntl();
  const none = intl.formatMessage(profileFormMessages.none);
  return (
    <>
      <ReadOnlyList
        rows={[
          { key: 'school', label: intl.formatMessage(m.school), value: `${schoolNameIn(intl.locale, details.school)} (${details.school.code})` },
          { key: 'schoolEmail', label: intl.formatMessage(m.schoolEmail), value: details.schoolEmail ?? none },
          { key: 'domains', label: intl.formatMessage(m.emailDomains), value: details.emailDomains.length > 0 ? details.emailDomains.join(', ') : none },
        ]}
      />
      <p className={cx(styles.muted)}>{intl.formatMessage(profileFormMessages.readOnlyHint)}</p>
    </>
  );
}

/** School staff info (school-based teachers): school, email and domains read-only; full names editable. */
export function SchoolStaffView({ actor }: { actor: ProfileFormActor }) {
  const intl = useIntl();
  const { details, errors, field } = useProfileForm<SchoolStaffInfo, SchoolStaffInfoData>(actor);
  return (
    <ProfileFormFrame
      actor={actor}
      title={intl.formatMessage(m.title)}
      lead={intl.formatMessage(m.lead)}
      errors={errors}
      before={details ? <SchoolDetails details={details} /> : null}
    >
      <TextInput {...field('chFullName')} label={intl.formatMessage(m.chFullName)} width={20} />
      <TextInput {...field('enFullName')} label={intl.formatMessage(m.enFullName)} autoComplete="name" />
    </ProfileFormFrame>
  );
}
