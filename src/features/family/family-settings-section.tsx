import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../ui/button.tsx';
import { NameField } from './family-form-parts.tsx';
import { ActionStatus, Section, type SectionProps } from './family-section.tsx';
import { familyWords as m } from './family-words.ts';

/** The admin renames the family. */
export function SettingsSection({ family, errorFor, submit, busy, status }: Omit<SectionProps, 'send'> & { status: string | null }) {
  const intl = useIntl();
  const [familyName, setFamilyName] = useState(family.familyName);
  const onSubmit = (event: FormEvent) => submit(event, { type: 'family.rename', familyName });
  return (
    <Section id="family-settings" title={intl.formatMessage(m.settingsTitle)}>
      <form noValidate onSubmit={onSubmit}>
        <NameField name="familyName" error={errorFor('familyName')} value={familyName} onValueChange={setFamilyName} />
        <Button disabled={busy} type="submit" variant="secondary">
          {intl.formatMessage(m.rename)}
        </Button>
        <ActionStatus id="family-settings-status" message={status} />
      </form>
    </Section>
  );
}
