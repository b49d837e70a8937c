import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { FAMILY_ROLES, type FamilyRole } from '../../../contract/schemas/family.ts';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { familyFieldNames, roleMessages } from './family-flow-messages.ts';
import { familyMessages } from './family-messages.ts';
import styles from './family.module.css';
import { cx } from '../../ui/cx.ts';

/** `<hidden>…</hidden>` in a message: words for screen readers only (which member a button acts on). */
export const hiddenText = { hidden: (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span> };

export function roleName(intl: IntlShape, role: FamilyRole): string {
  return intl.formatMessage(roleMessages[role]);
}

export { dateTime } from './family-format.ts';

export interface RoleChoiceProps {
  id: string;
  value: FamilyRole | '';
  error: string | null;
  onChange: (role: FamilyRole) => void;
}

/** The family role as radios (GOV.UK: radios rather than a select), laid out in two columns when there is room. */
export function RoleChoice({ id, value, error, onChange }: RoleChoiceProps) {
  const intl = useIntl();
  return (
    <div className={cx(styles.roles)}>
      <RadioGroup
        id={id}
        legend={intl.formatMessage(familyFieldNames.role)}
        hint={intl.formatMessage(familyMessages.roleHint)}
        error={error}
        options={FAMILY_ROLES.map((role) => ({ value: role, label: roleName(intl, role) }))}
        value={value === '' ? null : value}
        onValueChange={onChange}
      />
    </div>
  );
}
