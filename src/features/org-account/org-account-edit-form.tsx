import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { OrgAccountFields } from '../../../contract/schemas/org-account.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import shared from '../features.module.css';
import type { ListActor } from './org-account-list-state.ts';
import { orgAccountMessages as m } from './org-account-messages.ts';
import { COLUMN_NAMES, GROUP_NAMES } from './org-account-words.ts';
import styles from './org-account.module.css';
import { OrgSelect } from './org-select.tsx';

/** The teacher types a record may have (every group but ALL). */
const TEACHER_TYPES = ['UNIVERSITY_TEACHER', 'PRE_SERVICE'] as const;

/** One record's form: its fields, save and cancel. */
export function EditForm({ actor }: { actor: ListActor }) {
  const intl = useIntl();
  const { attempt, onSubmit } = useSubmit(() => actor.send({ type: 'form.submit' }));
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, (snapshot) => (snapshot.matches({ editing: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null));
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const refusalText = useRefusalText();
  const { summary, errorFor } = useFieldErrors(issues);
  if (!selected) return null;
  const items = [...summary, ...(failure ? [{ text: refusalText(failure) }] : [])];
  const field = (name: Exclude<keyof OrgAccountFields, 'teacherType'>) => (
    <TextInput id={name} label={intl.formatMessage(COLUMN_NAMES[name])} value={values[name]} error={errorFor(name)} onValueChange={(value) => actor.send({ type: 'form.change', field: name, value })} />
  );
  return (
    <section className={cx(styles.section)} aria-labelledby="org-edit-heading">
      <h2 id="org-edit-heading" className={cx(shared.subheading)}>
        {intl.formatMessage(m.editTitle, { email: selected.emailAddress })}
      </h2>
      {items.length > 0 ? <ErrorSummary items={items} focusKey={attempt} /> : null}
      <form noValidate onSubmit={onSubmit}>
        {field('emailAddress')}
        {field('chFullName')}
        {field('enFullName')}
        <OrgSelect
          id="teacherType"
          label={intl.formatMessage(m.colteacherType)}
          value={values.teacherType}
          options={TEACHER_TYPES.map((type) => ({ value: type, label: intl.formatMessage(GROUP_NAMES[type]) }))}
          onChange={(value) => actor.send({ type: 'form.change', field: 'teacherType', value })}
        />
        {field('remark')}
        <ButtonGroup>
          <Button type="submit" busy={saving}>
            {saving ? intl.formatMessage(m.saving) : intl.formatMessage(m.save)}
          </Button>
          <Button variant="secondary" disabled={saving} onClick={() => actor.send({ type: 'form.cancel' })}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </ButtonGroup>
      </form>
    </section>
  );
}
