import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { FAMILY_REF_MAX } from '../../../contract/constants.ts';
import type { familyJoinMachine } from '../../../machines/family/family-join.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { formRefusal, useRefusalText } from '../../i18n/refusal-messages.ts';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ErrorSummary, type ErrorSummaryItem } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import { familyFieldNames } from './family-flow-messages.ts';
import { ConfirmDialog, FormEnd, NameField } from './family-form-parts.tsx';
import { SpinnerPage } from './family-loading.tsx';
import { HeldPage, LoadFailedPage, RefusalLinks } from './family-pages.tsx';
import { RoleChoice } from './family-parts.tsx';
import { familyWords as m } from './family-words.ts';

type JoinActor = ActorRefFrom<typeof familyJoinMachine>;
type JoinSnapshot = SnapshotFrom<typeof familyJoinMachine>;

type JoinField = 'adminEmail' | 'familyRef' | 'code' | 'nickname';

/** The field a refusal points at, when it is about one: the message is repeated there. */
const CODE_FIELDS: Partial<Record<ShownErrorCode, JoinField | 'recaptcha'>> = {
  recaptchaFailed: 'recaptcha',
  familyCodeExpired: 'code',
  familyAdminEmailNotFound: 'adminEmail',
  familyCodeMismatch: 'code',
  familyNotFound: 'familyRef',
};

/** The family forms' own words for a refusal of the whole request. */
const WORDING = { indecentLanguage: m.indecent };

/** The join link's own values were refused: decided on the client, so a state with no code. */
function linkRefused(snapshot: JoinSnapshot): boolean {
  return snapshot.matches({ editing: 'joinLinkInvalid' });
}

type Screen = 'loading' | 'loadFailed' | 'form' | 'held' | 'pending' | 'accepted' | 'cancelled';

function screenOf(snapshot: JoinSnapshot): Screen {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('held')) return 'held';
  if (snapshot.matches('pending')) return 'pending';
  if (snapshot.matches('accepted')) return 'accepted';
  if (snapshot.matches('cancelled')) return 'cancelled';
  return 'form';
}

function JoinForm({ actor }: { actor: JoinActor }) {
  const intl = useIntl();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const fromLink = useSelector(actor, (snapshot) => snapshot.context.link !== null && Object.values(snapshot.context.link).some(Boolean));
  const recaptchaSolved = useSelector(actor, (snapshot) => snapshot.context.recaptcha !== '');
  const recaptchaRound = useSelector(actor, (snapshot) => snapshot.context.recaptchaRound);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const refusal = useSelector(actor, formRefusal);
  const badLink = useSelector(actor, linkRefused);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { summary, errorFor } = useFieldErrors(issues);
  const refusalText = useRefusalText(WORDING);
  const { attempt, onSubmit } = useSubmit(() => actor.send({ type: 'form.submit' }));

  const text = badLink ? intl.formatMessage(m.joinLinkInvalid) : refusal ? refusalText(refusal) : null;
  const problemField = refusal ? CODE_FIELDS[refusal] : undefined;
  const extra: ErrorSummaryItem | null = text ? { fieldId: problemField, text } : null;
  const items = extra ? [...summary, extra] : summary;
  /** The field's own problem, else the refusal that points at it, repeated at the field. */
  const errorAt = (field: JoinField | 'recaptcha') => errorFor(field) ?? (problemField === field ? text : null);
  const change = (field: JoinField) => (value: string) => actor.send({ type: 'form.change', field, value });

  return (
    <Page title={intl.formatMessage(m.joinFormTitle)} lead={intl.formatMessage(m.joinLead)}>
      <ErrorSummary items={items} focusKey={attempt} />
      <RefusalLinks refusal={refusal} />
      {fromLink && !text && summary.length === 0 ? (
        <Notice>
          <p>{intl.formatMessage(m.joinFromLink)}</p>
        </Notice>
      ) : null}
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="adminEmail"
          type="email"
          label={intl.formatMessage(familyFieldNames.adminEmail)}
          error={errorAt('adminEmail')}
          value={values.adminEmail}
          onValueChange={change('adminEmail')}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          id="familyRef"
          label={intl.formatMessage(familyFieldNames.familyRef)}
          hint={intl.formatMessage(m.familyRefHint)}
          error={errorAt('familyRef')}
          value={values.familyRef}
          onValueChange={change('familyRef')}
          maxLength={FAMILY_REF_MAX + 10}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          width={10}
        />
        <TextInput
          id="code"
          label={intl.formatMessage(familyFieldNames.code)}
          hint={intl.formatMessage(m.codeHint)}
          error={errorAt('code')}
          value={values.code}
          onValueChange={change('code')}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          width={10}
        />
        <NameField name="nickname" error={errorAt('nickname')} value={values.nickname} onValueChange={change('nickname')} />
        <RoleChoice id="role" value={values.role} error={errorFor('role')} onChange={(role) => actor.send({ type: 'form.change', field: 'role', value: role })} />
        <FormEnd
          recaptcha={{ solved: recaptchaSolved, round: recaptchaRound, error: errorAt('recaptcha') }}
          busy={busy}
          submitLabel={intl.formatMessage(busy ? m.joining : m.joinSubmit)}
          send={actor.send}
        />
      </form>
    </Page>
  );
}

type PendingPhase = 'refreshing' | 'refreshFailed' | 'waiting' | 'declined' | 'kicked' | 'dismissed' | 'withdrawing' | 'acknowledging' | 'cannotWithdraw' | 'actionFailed';

const PENDING_PHASES: readonly PendingPhase[] = [
  'refreshing',
  'refreshFailed',
  'waiting',
  'declined',
  'kicked',
  'dismissed',
  'withdrawing',
  'acknowledging',
  'cannotWithdraw',
  'actionFailed',
];

function pendingPhaseOf(snapshot: JoinSnapshot): PendingPhase {
  return PENDING_PHASES.find((phase) => snapshot.matches({ pending: phase })) ?? 'refreshing';
}

/** What became of a request (declined, or the member removed or the family dismissed), and what the user may do. */
function PendingNotice({ title, text, familyName, children }: { title: MessageDescriptor; text: MessageDescriptor; familyName: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <>
      <Notice tone="warning" title={intl.formatMessage(title)} live>
        <p>{intl.formatMessage(text, { familyName })}</p>
      </Notice>
      <ButtonGroup>{children}</ButtonGroup>
    </>
  );
}

/** The pending-request screen: waiting, or the declined, kicked or dismissed notice, with what each allows. */
function PendingScreen({ actor }: { actor: JoinActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const phase = useSelector(actor, pendingPhaseOf);
  const confirmingWithdraw = useSelector(
    actor,
    (snapshot) => snapshot.matches({ pending: { waiting: 'confirmingWithdraw' } }) || snapshot.matches({ pending: { declined: 'confirmingWithdraw' } }),
  );
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  // Every notice names the family it is about (issue 13).
  const familyName = useSelector(actor, (snapshot) => snapshot.context.ownRequest?.familyName ?? '');
  const linkUnused = useSelector(actor, (snapshot) => snapshot.context.unusedLink !== null);
  const send = actor.send;
  const refresh = (
    <Button variant="secondary" onClick={() => send({ type: 'request.refresh' })}>
      {intl.formatMessage(m.refresh)}
    </Button>
  );
  const withdraw = (
    <Button variant="warning" onClick={() => send({ type: 'request.withdraw' })}>
      {intl.formatMessage(m.withdraw)}
    </Button>
  );
  const acknowledge = <Button onClick={() => send({ type: 'notice.acknowledge' })}>{intl.formatMessage(m.acknowledge)}</Button>;

  const body = () => {
    switch (phase) {
      case 'refreshing':
        return <Spinner label={intl.formatMessage(m.refreshing)} />;
      case 'withdrawing':
        return <Spinner label={intl.formatMessage(m.withdrawing)} />;
      case 'acknowledging':
        return <Spinner label={intl.formatMessage(m.acknowledging)} />;
      case 'waiting':
        return (
          <>
            <Notice live>
              <p>{intl.formatMessage(m.waiting, { familyName })}</p>
            </Notice>
            <ButtonGroup>
              {refresh}
              {withdraw}
            </ButtonGroup>
          </>
        );
      case 'declined':
        return (
          <PendingNotice title={m.declinedTitle} text={m.declined} familyName={familyName}>
            {acknowledge}
            {withdraw}
          </PendingNotice>
        );
      case 'kicked':
        return (
          <PendingNotice title={m.kickedTitle} text={m.kicked} familyName={familyName}>
            {acknowledge}
          </PendingNotice>
        );
      case 'dismissed':
        // SPEC §4: a dismissed family shows its notice and the member presses Leave (closing the notice).
        return (
          <PendingNotice title={m.dismissedTitle} text={m.dismissed} familyName={familyName}>
            <Button variant="warning" onClick={() => send({ type: 'notice.acknowledge' })}>
              {intl.formatMessage(m.leave)}
            </Button>
          </PendingNotice>
        );
      case 'cannotWithdraw':
      case 'refreshFailed':
      case 'actionFailed':
        return (
          <>
            <ErrorSummary items={[{ text: errorText(phase === 'cannotWithdraw' ? 'familyCannotWithdrawProcessed' : (errorCode ?? 'unknown')) }]} />
            <ButtonGroup>{refresh}</ButtonGroup>
          </>
        );
    }
  };

  return (
    <Page title={intl.formatMessage(m.pendingTitle)}>
      {linkUnused && familyName ? (
        <Notice tone="warning">
          <p>{intl.formatMessage(m.linkUnused, { familyName })}</p>
        </Notice>
      ) : null}
      {body()}
      {confirmingWithdraw ? (
        <ConfirmDialog
          title={intl.formatMessage(m.confirmWithdrawTitle)}
          description={intl.formatMessage(m.confirmWithdrawBody)}
          confirm={intl.formatMessage(m.withdraw)}
          variant="warning"
          cancel={intl.formatMessage(m.keepRequest)}
          onConfirm={() => send({ type: 'dialog.confirm' })}
          onCancel={() => send({ type: 'dialog.cancel' })}
        />
      ) : null}
    </Page>
  );
}

/** The join form and, once a request exists, the pending-request screen. */
export function FamilyJoinView({ actor }: { actor: JoinActor }) {
  const intl = useIntl();
  const screen = useSelector(actor, screenOf);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const back = (
    <Button variant="secondary" onClick={() => actor.send({ type: 'form.cancel' })}>
      {intl.formatMessage(m.back)}
    </Button>
  );

  switch (screen) {
    case 'loading':
      return <SpinnerPage title={intl.formatMessage(m.joinFormTitle)} label={intl.formatMessage(m.checkingRequest)} />;
    case 'loadFailed':
      return (
        <LoadFailedPage title={intl.formatMessage(m.joinFormTitle)} errorCode={errorCode} onRetry={() => actor.send({ type: 'retry' })}>
          {back}
        </LoadFailedPage>
      );
    case 'held':
      return (
        <HeldPage holdUntil={holdUntil} live>
          <ButtonGroup>{back}</ButtonGroup>
        </HeldPage>
      );
    case 'pending':
      return <PendingScreen actor={actor} />;
    case 'accepted':
    case 'cancelled':
      return <SpinnerPage title={intl.formatMessage(m.pendingTitle)} label={intl.formatMessage(screen === 'accepted' ? m.accepted : m.loading)} focusHeading={false} />;
    case 'form':
      return <JoinForm actor={actor} />;
  }
}
