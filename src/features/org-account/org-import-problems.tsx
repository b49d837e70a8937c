import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { orgAccountMessages as m } from './org-account-messages.ts';
import { COLUMN_NAMES, RULE_NAMES } from './org-account-words.ts';
import styles from './org-account.module.css';
import type { ImportActor } from './org-import-state.ts';

function base64Href(base64: string): string {
  return `data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,${base64}`;
}

/** The checked file's problems, row by row, with the file annotated to download. */
export function ImportProblems({ actor }: { actor: ImportActor }) {
  const intl = useIntl();
  const shown = useSelector(actor, (snapshot) => snapshot.matches('rowErrors'));
  const context = useSelector(actor, (snapshot) => snapshot.context);
  if (!shown) return null;
  return (
    <div role="alert" aria-labelledby="org-import-errors">
      <h3 id="org-import-errors">{intl.formatMessage(m.importErrors, { count: context.issues.length, total: context.checkedTotal })}</h3>
      {context.annotated ? (
        <p>
          <a href={base64Href(context.annotated)} download={`${context.file?.name.replace(/\.xlsx$/i, '') ?? 'import'}-problems.xlsx`}>
            {intl.formatMessage(m.importDownload)}
          </a>
        </p>
      ) : null}
      <table className={cx(styles.table)}>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.importRow)}</th>
            <th scope="col">{intl.formatMessage(m.importColumn)}</th>
            <th scope="col">{intl.formatMessage(m.importProblem)}</th>
          </tr>
        </thead>
        <tbody>
          {context.issues.map((issue) => (
            <tr key={`${issue.row}-${issue.column}-${issue.rule}`}>
              <td>{issue.row}</td>
              <td>{intl.formatMessage(COLUMN_NAMES[issue.column])}</td>
              <td>
                {intl.formatMessage(RULE_NAMES[issue.rule as keyof typeof RULE_NAMES] ?? m.ruleformat, { column: intl.formatMessage(COLUMN_NAMES[issue.column]) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button variant="secondary" onClick={() => actor.send({ type: 'import.again' })}>
        {intl.formatMessage(m.importAgain)}
      </Button>
    </div>
  );
}
