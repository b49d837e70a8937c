import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { NameField } from './family-form-parts.tsx';
import { SectionForm, type SectionProps } from './family-section.tsx';
import { familyWords as m } from './family-words.ts';

/** The admin renames the family. */
export function SettingsSection({ family, errorFor, submit, busy, status }: Omit<SectionProps, 'send'> & { status: string | null }) {
  const intl = useIntl();
  const [familyName, setFamilyName] = useState(family.familyName);
  const onSubmit = (event: FormEvent) => submit(event, { type: 'family.rename', familyName });
  return (
    <SectionForm id="family-settings" title={intl.formatMessage(m.settingsTitle)} submitLabel={intl.formatMessage(m.rename)} busy={busy} status={status} onSubmit={onSubmit}>
      <NameField name="familyName" error={errorFor('familyName')} value={familyName} onValueChange={setFamilyName} />
    </SectionForm>
  );
}
