import { useSelector } from '@xstate/react';
import { useCallback, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { profileFormMachine } from '../../../machines/profile/profile-form.machine.ts';
import { useErrorText } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import type { ProfileFieldErrors } from './profile-fields.tsx';
import { profileFormMessages as m } from './profile-form-messages.ts';

export type ProfileFormActor = ActorRefFrom<typeof profileFormMachine>;
export type ProfileFormSnapshot = SnapshotFrom<typeof profileFormMachine>;

function phaseOf(snapshot: ProfileFormSnapshot): 'loading' | 'loadFailed' | 'ready' {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  return 'ready';
}

function failureOf(snapshot: ProfileFormSnapshot) {
  return snapshot.matches({ editing: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null;
}

export interface ProfileFormFrameProps {
  actor: ProfileFormActor;
  title: string;
  lead?: string;
  errors: ProfileFieldErrors;
  /** Shown between the heading and the form (read-only values, email change panels: never inside the form). */
  before?: ReactNode;
  /** Shown after the form (read-only details that should not push the first field off a phone's first screen). */
  after?: ReactNode;
  /** Added to the saved notice (e.g. subscriptions waiting for their link). */
  savedExtra?: ReactNode;
  /** The save button's text, naming the section it saves ("Save changes" when not given). */
  saveLabel?: string;
  /** The form's fields; a section without any (emails, each with its own panel) has no form of its own. */
  children?: ReactNode;
}

/**
 * What every profile form shares: reading the page, the error summary linked to the fields with
 * any other failure under them, the form with save and undo, the saved notice announced beside
 * the save button (where the eyes and the focus are).
 */
export function ProfileFormFrame({ actor, title, lead, errors, before, after, savedExtra, saveLabel, children }: ProfileFormFrameProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const submit = useCallback(() => actor.send({ type: 'form.submit' }), [actor]);
  const { attempt, onSubmit } = useSubmit(submit);
  const phase = useSelector(actor, phaseOf);
  const loadCode = useSelector(actor, (snapshot) => (snapshot.matches('loadFailed') ? (snapshot.context.errorCode ?? 'unknown') : null));
  const failure = useSelector(actor, failureOf);
  const busy = useSelector(actor, (snapshot) => snapshot.matches('validating') || snapshot.matches('saving'));
  const saved = useSelector(actor, (snapshot) => snapshot.matches('saved'));

  if (phase === 'loading') {
    return (
      <Page title={title} lead={lead}>
        <Skeleton label={intl.formatMessage(m.loading)} />
      </Page>
    );
  }
  if (phase === 'loadFailed') {
    return (
      <Page title={title}>
        <Notice tone="warning" title={intl.formatMessage(m.loadFailed)} live>
          <p>{errorText(loadCode ?? 'unknown')}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
            {intl.formatMessage(m.retry)}
          </Button>
        </Notice>
      </Page>
    );
  }

  const items = failure ? [...errors.summary, { text: errorText(failure) }] : errors.summary;
  return (
    <Page title={title} lead={lead}>
      {children ? <ErrorSummary items={items} focusKey={attempt} /> : null}
      {before}
      {children ? (
        <form noValidate onSubmit={onSubmit}>
          {children}
          <ButtonGroup>
            <Button type="submit" busy={busy}>
              {busy ? intl.formatMessage(m.saving) : (saveLabel ?? intl.formatMessage(m.save))}
            </Button>
            <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'form.reset' })}>
              {intl.formatMessage(m.reset)}
            </Button>
          </ButtonGroup>
          {/* The live region is always there, so the saved message is announced when it appears in it. */}
          <div role="status" data-saved-region="">
            {saved ? (
              <Notice tone="success">
                <p>{intl.formatMessage(m.saved)}</p>
                {savedExtra}
              </Notice>
            ) : null}
          </div>
        </form>
      ) : null}
      {after}
    </Page>
  );
}
