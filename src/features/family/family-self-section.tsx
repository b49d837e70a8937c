import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FamilyMember, FamilyRole } from '../../../contract/schemas/family.ts';
import { NameField } from './family-form-parts.tsx';
import { RoleChoice } from './family-parts.tsx';
import { SectionForm, type SectionProps } from './family-section.tsx';
import { familyWords as m } from './family-words.ts';

/** The user's own membership: nickname and role. */
export function SelfSection({ me, errorFor, submit, busy, status }: Omit<SectionProps, 'family' | 'send'> & { me: FamilyMember; status: string | null }) {
  const intl = useIntl();
  const [nickname, setNickname] = useState(me.nickname);
  const [familyRole, setFamilyRole] = useState<FamilyRole | ''>(me.familyRole);
  const onSubmit = (event: FormEvent) => submit(event, { type: 'self.update', nickname, familyRole });
  return (
    <SectionForm id="family-self" title={intl.formatMessage(m.selfTitle)} submitLabel={intl.formatMessage(m.saveSelf)} busy={busy} status={status} onSubmit={onSubmit}>
      <NameField name="nickname" error={errorFor('nickname')} value={nickname} onValueChange={setNickname} />
      <RoleChoice id="familyRole" value={familyRole} error={errorFor('familyRole')} onChange={setFamilyRole} />
    </SectionForm>
  );
}
