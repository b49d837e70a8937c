import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { passkeysMachine } from '../../../machines/passkeys/passkeys.machine.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { hkDateTime } from '../../i18n/hk-time.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { SectionFailure, SectionLoadFailed } from '../../ui/section-failure.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useFormState } from '../../ui/use-form-state.ts';
import { StepUpDialog } from '../step-up/index.ts';
import { passkeysMessages as m } from './passkeys-messages.ts';

type PasskeysActor = ActorRefFrom<typeof passkeysMachine>;
type PasskeysSnapshot = SnapshotFrom<typeof passkeysMachine>;

function NameForm({ actor }: { actor: PasskeysActor }) {
  const intl = useIntl();
  const form = useFormState(actor);
  const naming = useSelector(actor, (snapshot) => snapshot.context.selected === null);
  return (
    <>
      <h3>{intl.formatMessage(naming ? m.nameNewHeading : m.renameHeading)}</h3>
      <ErrorSummary items={form.items} focusKey={form.attempt} />
      <form noValidate onSubmit={form.onSubmit}>
        <TextInput {...form.field('name')} label={intl.formatMessage(m.nameLabel)} hint={intl.formatMessage(m.nameHint)} autoComplete="off" width={20} />
        <ButtonGroup>
          <Button type="submit" busy={form.busy}>
            {intl.formatMessage(form.busy ? m.saving : m.save)}
          </Button>
          <Button variant="secondary" disabled={form.busy} onClick={() => actor.send({ type: 'edit.cancel' })}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}

function PasskeyList({ actor, busy }: { actor: PasskeysActor; busy: boolean }) {
  const intl = useIntl();
  const list = useSelector(actor, (snapshot) => snapshot.context.list);
  const removing = useSelector(actor, (snapshot) => (snapshot.matches('removing') ? snapshot.context.selected : null));
  if (list.length === 0) return <p>{intl.formatMessage(m.none)}</p>;
  return (
    <ul data-testid="passkey-list">
      {list.map((passkey) => (
        <li key={passkey.id}>
          <strong>{passkey.name}</strong>
          <br />
          {intl.formatMessage(m.added, { date: hkDateTime(intl, passkey.createdAt) })}
          <br />
          {passkey.lastUsedAt ? intl.formatMessage(m.lastUsed, { date: hkDateTime(intl, passkey.lastUsedAt) }) : intl.formatMessage(m.neverUsed)}
          <ButtonGroup>
            <Button variant="secondary" disabled={busy} aria-label={intl.formatMessage(m.renameLabel, { name: passkey.name })} onClick={() => actor.send({ type: 'rename.start', id: passkey.id })}>
              {intl.formatMessage(m.rename)}
            </Button>
            <Button
              variant="warning"
              disabled={busy && removing !== passkey.id}
              busy={removing === passkey.id}
              // While busy the button says "Removing…": its name is then its text (the name must contain the visible text).
              aria-label={removing === passkey.id ? undefined : intl.formatMessage(m.removeLabel, { name: passkey.name })}
              onClick={() => actor.send({ type: 'remove.ask', id: passkey.id })}
            >
              {intl.formatMessage(removing === passkey.id ? m.removing : m.remove)}
            </Button>
          </ButtonGroup>
        </li>
      ))}
    </ul>
  );
}

/** What was just done, announced next to the list: `ready.added`, `ready.renamed`, `ready.removed`. */
function doneNotice(snapshot: PasskeysSnapshot) {
  if (snapshot.matches({ ready: 'added' })) return m.addedNotice;
  if (snapshot.matches({ ready: 'renamed' })) return m.renamedNotice;
  if (snapshot.matches({ ready: 'removed' })) return m.removedNotice;
  return null;
}

/** The failure shown beside the buttons: `ready.failed` or `loadFailed` by their code, `ready.notCreated` by its own words. */
function failureOf(snapshot: PasskeysSnapshot) {
  if (snapshot.matches({ ready: 'notCreated' })) return 'notCreated' as const;
  return snapshot.matches({ ready: 'failed' }) || snapshot.matches('loadFailed') ? (snapshot.context.errorCode ?? 'unknown') : null;
}

/**
 * The account's passkeys on /profile/login-info (docs/decisions/passkeys.md): the list with when
 * each was added and last used, add (step-up dialog first when the server wants it, then the
 * browser's ceremony, then the name), rename, and remove after a confirmation.
 */
export function PasskeysView({ actor }: { actor: PasskeysActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const stage = useSelector(actor, (snapshot) => {
    if (snapshot.matches('loading')) return 'loading';
    if (snapshot.matches('loadFailed')) return 'loadFailed';
    if (snapshot.matches('editing') || snapshot.matches('registering') || snapshot.matches('renaming') || snapshot.matches('steppingUpToRegister')) return 'naming';
    return 'list';
  });
  const adding = useSelector(actor, (snapshot) => snapshot.matches('preparing') || snapshot.matches('creating'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const notice = useSelector(actor, doneNotice);
  const failure = useSelector(actor, failureOf);
  const confirmRemove = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'confirmRemove' }));
  const stepUp = useSelector(actor, (snapshot) => snapshot.children.stepUp);

  const failureText = failure ? (failure === 'notCreated' ? intl.formatMessage(m.notCreated) : refusalText(failure)) : null;
  const failed = <SectionFailure text={failureText} />;

  let body;
  switch (stage) {
    case 'loading':
      body = <Spinner label={intl.formatMessage(m.loading)} />;
      break;
    case 'loadFailed':
      body = <SectionLoadFailed text={failureText} retryLabel={intl.formatMessage(m.retry)} onRetry={() => actor.send({ type: 'retry' })} />;
      break;
    case 'naming':
      body = <NameForm actor={actor} />;
      break;
    default:
      body = (
        <>
          <PasskeyList actor={actor} busy={busy} />
          <div role="status">{notice ? <p>{intl.formatMessage(notice)}</p> : null}</div>
          {failed}
          <Button busy={adding} disabled={busy && !adding} onClick={() => actor.send({ type: 'add.start' })}>
            {intl.formatMessage(adding ? m.adding : m.add)}
          </Button>
        </>
      );
  }

  return (
    <section aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{intl.formatMessage(m.heading)}</h2>
      <p>{intl.formatMessage(m.lead)}</p>
      {body}
      {confirmRemove ? <ConfirmDialog actor={actor} title={intl.formatMessage(m.removeTitle)} description={intl.formatMessage(m.removeBody)} confirm={intl.formatMessage(m.removeConfirm)} /> : null}
      {stepUp ? <StepUpDialog actor={stepUp} /> : null}
    </section>
  );
}
