import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { FAMILY_NAME_MAX, NICKNAME_MAX } from '../../../contract/constants.ts';
import { Button, type ButtonVariant } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { LazyDialog } from '../../ui/lazy-dialog.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import shared from '../features.module.css';
import { familyFieldNames } from './family-flow-messages.ts';
import { familyMessages } from './family-messages.ts';
import styles from './family.module.css';

/*
 * The pieces the create, join and details views share (they download with those views): the name
 * fields, the summary list of a family's facts and a confirmation dialog.
 */

interface FieldProps {
  value: string;
  error: string | null;
  onValueChange: (value: string) => void;
}

/** The family's name (create, rename). */
export function FamilyNameField(props: FieldProps) {
  const intl = useIntl();
  return (
    <TextInput
      id="familyName"
      label={intl.formatMessage(familyFieldNames.familyName)}
      hint={intl.formatMessage(familyMessages.nameHint, { max: FAMILY_NAME_MAX })}
      autoComplete="off"
      width={20}
      {...props}
    />
  );
}

/** The user's own nickname in the family (create, join, their own membership). */
export function NicknameField(props: FieldProps) {
  const intl = useIntl();
  return (
    <TextInput
      id="nickname"
      label={intl.formatMessage(familyFieldNames.nickname)}
      hint={intl.formatMessage(familyMessages.nameHint, { max: NICKNAME_MAX })}
      autoComplete="nickname"
      width={20}
      {...props}
    />
  );
}

export interface SummaryRow {
  key: string;
  label: string;
  value: ReactNode;
}

/** A family's facts (reference, code, its dates, members) as a summary list. */
export function SummaryList({ label, rows }: { label: string; rows: readonly SummaryRow[] }) {
  return (
    <dl className={cx(shared.summaryList)} aria-label={label}>
      {rows.map((row) => (
        <div key={row.key} className={cx(shared.summaryRow)}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface ConfirmDialogProps {
  title: string;
  description: string;
  confirm: ReactNode;
  cancel: string;
  variant?: ButtonVariant;
  onConfirm: () => void;
  /** Cancel, and closing the dialog any other way. */
  onCancel: () => void;
  /** The confirm button takes focus (a dialog that replaced another). */
  autoFocus?: boolean;
  /** On the details page the buttons sit in a row of their own, keyed by what they confirm. */
  row?: string;
}

/** A confirmation: the action's own button, then cancel. */
export function ConfirmDialog({ title, description, confirm, cancel, variant, onConfirm, onCancel, autoFocus, row }: ConfirmDialogProps) {
  const buttons = (
    <>
      <Button variant={variant} autoFocus={autoFocus} onClick={onConfirm}>
        {confirm}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        {cancel}
      </Button>
    </>
  );
  return (
    <LazyDialog
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={title}
      description={description}
      actions={
        row === undefined ? (
          buttons
        ) : (
          <span key={row} className={cx(styles.actions)}>
            {buttons}
          </span>
        )
      }
    />
  );
}

