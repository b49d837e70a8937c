import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { FAMILY_NAME_MAX, NICKNAME_MAX } from '../../../contract/constants.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useSettings } from '../../shell/app-context.tsx';
import { Button, ButtonGroup, type ButtonVariant } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { LazyDialog } from '../../ui/lazy-dialog.tsx';
import { Recaptcha } from '../../ui/recaptcha.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import shared from '../features.module.css';
import { familyFieldNames } from './family-flow-messages.ts';
import { familyMessages } from './family-messages.ts';
import styles from './family.module.css';

/*
 * The pieces the create, join and details views share (they download with those views): the name
 * fields, the end of a form, the summary list of a family's facts and a confirmation dialog.
 */

interface FieldProps {
  value: string;
  error: string | null;
  onValueChange: (value: string) => void;
}

const NAME_FIELDS = {
  familyName: { max: FAMILY_NAME_MAX, autoComplete: 'off' },
  nickname: { max: NICKNAME_MAX, autoComplete: 'nickname' },
} as const;

/** The family's name (create, rename), or the user's own nickname in it (create, join, their membership). */
export function NameField({ name, ...props }: FieldProps & { name: keyof typeof NAME_FIELDS }) {
  const intl = useIntl();
  const { max, autoComplete } = NAME_FIELDS[name];
  return (
    <TextInput
      id={name}
      label={intl.formatMessage(familyFieldNames[name])}
      hint={intl.formatMessage(familyMessages.nameHint, { max })}
      autoComplete={autoComplete}
      width={20}
      {...props}
    />
  );
}

export interface FormEndProps {
  /** The robot check: solved, its round (a new token is needed after each answer) and its problem. */
  recaptcha: { solved: boolean; round: number; error: string | null };
  busy: boolean;
  submitLabel: string;
  send: (event: { type: 'recaptcha.solve'; token: string } | { type: 'recaptcha.expire' } | { type: 'form.cancel' }) => void;
}

/** The end of the create and join forms: the robot check, then submit and back. */
export function FormEnd({ recaptcha, busy, submitLabel, send }: FormEndProps) {
  const intl = useIntl();
  const lang = useLanguage();
  const settings = useSettings();
  return (
    <>
      <Recaptcha
        id="recaptcha"
        siteKey={settings?.recaptchaSiteKey ?? null}
        lang={lang}
        solved={recaptcha.solved}
        round={recaptcha.round}
        error={recaptcha.error}
        onSolve={(token) => send({ type: 'recaptcha.solve', token })}
        onExpire={() => send({ type: 'recaptcha.expire' })}
      />
      <ButtonGroup>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={() => send({ type: 'form.cancel' })} disabled={busy}>
          {intl.formatMessage(familyMessages.back)}
        </Button>
      </ButtonGroup>
    </>
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

