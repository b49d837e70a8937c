import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { cx } from './cx.ts';
import styles from './error-summary.module.css';
import { uiMessages } from './ui-messages.ts';

export interface ErrorSummaryItem {
  text: string;
  /** The id of the control in error; without it the item is plain text (a form-level error). */
  fieldId?: string | undefined;
}

export interface ErrorSummaryProps {
  items: readonly ErrorSummaryItem[];
  title?: string;
  /** Change it (e.g. per submit attempt) to move focus back to the summary with the same items. */
  focusKey?: string | number;
}

/** Moves focus to the field and brings its label into view, as the GOV.UK summary does. */
function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  const legend = field.closest('fieldset')?.querySelector('legend');
  const label = document.querySelector(`label[for="${CSS.escape(fieldId)}"]`);
  (legend ?? label ?? field).scrollIntoView();
  field.focus({ preventScroll: true });
}

/** The box at the top of a form listing every problem, each linked to its field. */
export function ErrorSummary({ items, title, focusKey }: ErrorSummaryProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  // Unique per summary: a page may show two (a form and a panel beside it).
  const titleId = `${useId()}error-summary-title`;
  const keys = items.map((item) => `${item.fieldId ?? ''}:${item.text}`);
  const signature = keys.join('|'); // the effect's dependency: same problems, same string
  /** What was listed when focus last moved here, and for which submit attempt. */
  const shown = useRef<{ keys: ReadonlySet<string>; focusKey: ErrorSummaryProps['focusKey'] }>({ keys: new Set(), focusKey });

  useEffect(() => {
    const previous = shown.current;
    const current = keys;
    // Focus moves for a new attempt or a newly found problem, never when one is being corrected:
    // typing into a field clears its error, and stealing focus then would lose the keystrokes.
    const isNewAttempt = focusKey !== previous.focusKey;
    const hasNewProblem = current.some((key) => !previous.keys.has(key));
    shown.current = { keys: new Set(current), focusKey };
    if (current.length > 0 && (isNewAttempt || hasNewProblem)) ref.current?.focus();
  }, [signature, focusKey]);

  if (items.length === 0) return null;
  return (
    <div ref={ref} className={cx(styles.summary)} role="alert" tabIndex={-1} aria-labelledby={titleId}>
      <h2 id={titleId} className={cx(styles.title)}>
        {title ?? intl.formatMessage(uiMessages.errorSummaryTitle)}
      </h2>
      <ul className={cx(styles.list)}>
        {items.map((item) => (
          <li key={`${item.fieldId ?? ''}:${item.text}`}>
            {item.fieldId ? (
              <a href={`#${item.fieldId}`} onClick={(event) => focusField(event, item.fieldId ?? '')}>
                {item.text}
              </a>
            ) : (
              <span className={cx(styles.text)}>{item.text}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
