import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { orgAccountMessages as m } from './org-account-messages.ts';
import styles from './org-account.module.css';
import type { ImportActor } from './org-import-state.ts';

/** The file to import and the check, while one is chosen, checked, or chosen again after problems or a refusal. */
export function ImportFileForm({ actor }: { actor: ImportActor }) {
  const intl = useIntl();
  const shown = useSelector(
    actor,
    (snapshot) => snapshot.matches('choosing') || snapshot.matches('checking') || snapshot.matches('rowErrors') || snapshot.matches('refused'),
  );
  const checking = useSelector(actor, (snapshot) => snapshot.matches('checking'));
  const noFile = useSelector(actor, (snapshot) => snapshot.matches({ choosing: 'noFile' }));
  if (!shown) return null;
  const fileError = noFile ? intl.formatMessage(m.importChoose) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'import.check' });
  };
  return (
    <form noValidate onSubmit={submit}>
      {fileError ? <ErrorSummary items={[{ text: fileError, fieldId: 'org-import-file' }]} /> : null}
      <div>
        <label className={cx(styles.label)} htmlFor="org-import-file">
          {intl.formatMessage(m.importFile)}
        </label>
        <p id="org-import-hint">{intl.formatMessage(m.importHint)}</p>
        {fileError ? <p role="alert">{fileError}</p> : null}
        <input
          id="org-import-file"
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby="org-import-hint"
          disabled={checking}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            actor.send({ type: 'file.choose', file: file ? { name: file.name, size: file.size, read: () => file.arrayBuffer() } : null });
          }}
        />
      </div>
      <Button type="submit" busy={checking}>
        {checking ? intl.formatMessage(m.importChecking) : intl.formatMessage(m.importCheck)}
      </Button>
    </form>
  );
}
