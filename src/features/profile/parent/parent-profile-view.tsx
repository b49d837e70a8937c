import { useIntl } from 'react-intl';
import { PARENT_INTEREST_AREAS, type ParentProfile } from '../../../../contract/schemas/parent-profile.ts';
import { CheckboxGroup } from '../../../ui/checkbox-group.tsx';
import { useOptions, useProfileForm } from '../profile-fields.tsx';
import { ProfileFormFrame, type ProfileFormActor } from '../profile-form-frame.tsx';
import { profileFormMessages } from '../profile-form-messages.ts';
import { parentInterestMessages, parentMessages as m } from './parent-profile-messages.ts';

/** The parent profile (SPEC §3): parent interest areas. */
export function ParentProfileView({ actor }: { actor: ProfileFormActor }) {
  const intl = useIntl();
  const { errors, field } = useProfileForm<ParentProfile, never>(actor);
  const options = useOptions(PARENT_INTEREST_AREAS, parentInterestMessages);
  return (
    <ProfileFormFrame actor={actor} title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} errors={errors}>
      <CheckboxGroup
        {...field('interests')}
        legend={intl.formatMessage(m.interests)}
        hint={intl.formatMessage(profileFormMessages.chooseAny)}
        options={options}
      />
    </ProfileFormFrame>
  );
}
