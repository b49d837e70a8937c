import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { associationMachine } from '../../../machines/association/association.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { hkDateTime } from '../../i18n/hk-time.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import stacked from '../../ui/stacked-table.module.css';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { RetryPage, WaitingPage } from '../../ui/status-pages.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import { PasswordChallenge } from '../login/index.ts';
import shared from '../features.module.css';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { usePrefetchDialog } from '../../ui/lazy-dialog.tsx';
import { categoryMessages } from '../profile/index.ts';
import { associationMessages as m } from './association-messages.ts';
import styles from './association.module.css';

type AssociationActor = ActorRefFrom<typeof associationMachine>;
type AssociationSnapshot = SnapshotFrom<typeof associationMachine>;


/** Refusals of the association call, shown at the login ID field and in the summary. */
const ASSOCIATE_REFUSALS = ['wrongPassword', 'notStudent', 'alreadyAssociated', 'duplicated', 'invalidNature', 'ticketInvalid', 'throttled', 'challenge'] as const;

/** The refusal of the association call shown now, if any. */
function associateRefusal(snapshot: AssociationSnapshot): ShownErrorCode | null {
  return ASSOCIATE_REFUSALS.some((state) => snapshot.matches({ editing: state })) ? snapshot.context.errorCode : null;
}

function failureOf(snapshot: AssociationSnapshot): ShownErrorCode | null {
  return snapshot.matches({ editing: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null;
}

function AssociationList({ actor }: { actor: AssociationActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const associations = useSelector(actor, (snapshot) => snapshot.context.associations);
  const removed = useSelector(actor, (snapshot) => (snapshot.matches({ editing: 'removed' }) ? snapshot.context.changed : null));
  const removeRefused = useSelector(actor, (snapshot) =>
    snapshot.matches({ editing: 'removeUnknown' }) || snapshot.matches({ editing: 'removeInactive' }) ? snapshot.context.errorCode : null,
  );
  const removing = useSelector(actor, (snapshot) => (snapshot.matches('removing') ? snapshot.context.selected : null));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  // The Remove button that had focus is gone with its row: focus moves to what happened instead.
  const outcome = useRef<HTMLDivElement>(null);
  const outcomeKey = removed ? `removed:${removed.id}` : removeRefused;
  useEffect(() => {
    if (outcomeKey) outcome.current?.focus();
  }, [outcomeKey]);

  return (
    <section className={cx(styles.section)} aria-labelledby="association-list-heading">
      <h2 id="association-list-heading" className={cx(shared.subheading)}>
        {intl.formatMessage(m.listHeading)}
      </h2>
      {/* The confirmation (or refusal) of a removal, above the list it changed. */}
      <div ref={outcome} tabIndex={-1}>
        {removed ? (
          <Notice tone="success" live>
            <p>{intl.formatMessage(m.removed, { loginId: removed.cityId })}</p>
          </Notice>
        ) : null}
        {removeRefused ? (
          <div role="alert">
            <Notice tone="warning">
              <p>{refusalText(removeRefused)}</p>
            </Notice>
          </div>
        ) : null}
      </div>
      {associations.length === 0 ? (
        <p>{intl.formatMessage(m.none)}</p>
      ) : (
        <table className={cx(styles.table, stacked.stacked)}>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.loginId)}</th>
              <th scope="col">{intl.formatMessage(m.name)}</th>
              <th scope="col">{intl.formatMessage(m.associatedAt)}</th>
              <th scope="col">{intl.formatMessage(m.actions)}</th>
            </tr>
          </thead>
          <tbody>
            {associations.map((association) => (
              <tr key={association.id}>
                <td data-label={intl.formatMessage(m.loginId)}>{association.cityId}</td>
                <td data-label={intl.formatMessage(m.name)}>{association.displayName}</td>
                <td data-label={intl.formatMessage(m.associatedAt)}>{hkDateTime(intl, association.associatedAt)}</td>
                <td>
                  <Button
                    variant="warning"
                    busy={removing?.id === association.id}
                    disabled={busy}
                    onClick={() => actor.send({ type: 'association.remove', id: association.id })}
                  >
                    {removing?.id === association.id ? intl.formatMessage(m.removing) : intl.formatMessage(m.remove, { loginId: association.cityId })}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AssociateForm({ actor }: { actor: AssociationActor }) {
  const intl = useIntl();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const refusal = useSelector(actor, associateRefusal);
  const failure = useSelector(actor, failureOf);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const associated = useSelector(actor, (snapshot) => (snapshot.matches({ editing: 'associated' }) ? snapshot.context.changed : null));
  // The button shows the step under way: the server's check, then the association.
  const working = useSelector(actor, (snapshot) => (snapshot.matches('checking') ? m.checking : snapshot.matches('associating') ? m.associating : null));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { summary, errorFor } = useFieldErrors(issues);
  const refusalText = useRefusalText({ loginThrottled: m.throttled, loginChallengeRequired: m.challenge });
  const submit = useCallback(() => actor.send({ type: 'form.submit' }), [actor]);
  const { attempt, onSubmit } = useSubmit(submit);

  const refused = refusal ? refusalText(refusal, { holdUntil }) : null;
  // The challenge leads to its widget; every other refusal is about the login ID.
  const refusedAt = refusal === 'loginChallengeRequired' ? 'recaptcha' : 'cityId';
  const atLoginId = refusedAt === 'cityId' ? refused : null;
  // Every problem at once: the refusal (at the login ID or the widget), the fields', and a failure with no field.
  const items = [...(refused ? [{ fieldId: refusedAt, text: refused }] : []), ...summary, ...(failure ? [{ text: refusalText(failure) }] : [])];
  return (
    <section className={cx(styles.section)} aria-labelledby="association-form-heading">
      <h2 id="association-form-heading" className={cx(shared.subheading)}>
        {intl.formatMessage(m.formHeading)}
      </h2>
      <ErrorSummary items={items} focusKey={attempt} />
      <p>{intl.formatMessage(m.formHint)}</p>
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="cityId"
          label={intl.formatMessage(m.cityId)}
          error={atLoginId ?? errorFor('cityId')}
          value={values.cityId}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'cityId', value })}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          width={20}
        />
        <PasswordInput
          id="password"
          label={intl.formatMessage(m.password)}
          error={errorFor('password')}
          value={values.password}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'password', value })}
          autoComplete="current-password"
        />
        {/* Once the server asks for it (the account had too many wrong passwords), as on the login page. */}
        <PasswordChallenge actor={actor} error={errorFor('recaptcha')} />
        <ButtonGroup>
          <Button type="submit" busy={working !== null} disabled={busy && working === null}>
            {intl.formatMessage(working ?? m.submit)}
          </Button>
        </ButtonGroup>
        {/* The confirmation, beside the button that asked for it. */}
        {associated ? (
          <Notice tone="success" live>
            <p>{intl.formatMessage(m.associated, { loginId: associated.cityId })}</p>
          </Notice>
        ) : null}
      </form>
    </section>
  );
}

function ConfirmStep({ actor }: { actor: AssociationActor }) {
  const intl = useIntl();
  const removing = useSelector(actor, (snapshot) => snapshot.matches('confirmingRemove'));
  // An association names the account as the server checked it: its login ID and category.
  const checked = useSelector(actor, (snapshot) => snapshot.context.ticket);
  const loginId = useSelector(actor, (snapshot) => (snapshot.matches('confirmingRemove') ? (snapshot.context.selected?.cityId ?? '') : (snapshot.context.ticket?.cityId ?? '')));
  const category = checked ? intl.formatMessage(categoryMessages[checked.category]) : '';
  return (
    <ConfirmDialog
      actor={actor}
      title={intl.formatMessage(removing ? m.confirmRemoveTitle : m.confirmAssociateTitle, { loginId })}
      description={intl.formatMessage(removing ? m.confirmRemoveBody : m.confirmAssociateBody, { loginId, category })}
      confirm={intl.formatMessage(removing ? m.confirmRemove : m.confirmAssociate)}
      variant={removing ? 'warning' : 'primary'}
    />
  );
}

/** The account association page (/profile/association): SPEC §2 "Account association". */
export function AssociationView({ actor }: { actor: AssociationActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const forbidden = useSelector(actor, (snapshot) => snapshot.matches('forbidden'));
  const loadFailed = useSelector(actor, (snapshot) => (snapshot.matches('loadFailed') ? (snapshot.context.errorCode ?? 'unknown') : null));
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirmingAssociate') || snapshot.matches('confirmingRemove'));
  usePrefetchDialog();
  const title = intl.formatMessage(m.title);

  if (loading) {
    return <WaitingPage title={title} label={intl.formatMessage(m.loading)} />;
  }
  if (forbidden) {
    return (
      <Page title={title}>
        <Notice tone="warning" title={intl.formatMessage(m.forbiddenTitle)}>
          <p>{refusalText('non_full_member')}</p>
        </Notice>
      </Page>
    );
  }
  if (loadFailed) {
    return <RetryPage actor={actor} title={title} heading={m.loadFailedTitle} code={loadFailed} retry={m.retry} />;
  }
  return (
    <Page title={title} lead={intl.formatMessage(m.lead)}>
      <AssociationList actor={actor} />
      <AssociateForm actor={actor} />
      {confirming ? <ConfirmStep actor={actor} /> : null}
    </Page>
  );
}
