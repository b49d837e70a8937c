import { useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { FAMILY_NAME_MAX, NICKNAME_MAX } from '../../../contract/constants.ts';
import { FAMILY_CAPACITY, type FamilyDetails, type FamilyMember, type FamilyRole } from '../../../contract/schemas/family.ts';
import { codeStatus, currentMember, requestsPageOf, type familyDetailsMachine, type FamilyDetailsEvent } from '../../../machines/family/family-details.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { hkDate } from '../../i18n/hk-time.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { stateRefusal } from '../../i18n/refusal-messages.ts';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup, type ButtonVariant } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import shared from '../features.module.css';
import { LazyDialog as FamilyDialog } from '../../ui/lazy-dialog.tsx';
import { familyFieldNames, flowMessages } from './family-flow-messages.ts';
import { familyMessages } from './family-messages.ts';
import { dateTime, FAMILY_FIELD_NAMES, hiddenText, RoleChoice, roleName } from './family-parts.tsx';
import { joinLinkUrl } from './family-share.ts';
import styles from './family.module.css';

const m = { ...familyMessages, ...flowMessages };

type DetailsActor = ActorRefFrom<typeof familyDetailsMachine>;
type DetailsSnapshot = SnapshotFrom<typeof familyDetailsMachine>;
type Send = (event: FamilyDetailsEvent) => void;

const CONFIRMATIONS = [
  'accept',
  'decline',
  'acceptAndGrantAdmin',
  'kick',
  'grantAdmin',
  'removeAdmin',
  'rename',
  'updateSelf',
  'regenerateCode',
  'invite',
  'copyLink',
  'shareWhatsApp',
  'dismiss',
  'leave',
] as const;
type Confirmation = (typeof CONFIRMATIONS)[number];

/** A refusal is shown in a message dialog by the code its state declares (`refusedAs`). */
type DialogShown = { kind: 'confirm'; action: Confirmation } | { kind: 'refusal'; code: ShownErrorCode } | { kind: 'codeExpired' } | { kind: 'failed' } | null;

function dialogOf(snapshot: DetailsSnapshot): DialogShown {
  for (const action of CONFIRMATIONS) {
    if (snapshot.matches({ ready: { confirming: action } })) return { kind: 'confirm', action };
  }
  if (snapshot.matches({ ready: 'codeExpired' })) return { kind: 'codeExpired' };
  if (snapshot.matches({ ready: 'failed' })) return { kind: 'failed' };
  const refusal = stateRefusal(snapshot);
  return refusal ? { kind: 'refusal', code: refusal } : null;
}

function sameDialog(a: DialogShown, b: DialogShown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

type Screen = 'loading' | 'loadFailed' | 'ready' | 'dismissedNotice' | 'ended';

function screenOf(snapshot: DetailsSnapshot): Screen {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('dismissedNotice')) return 'dismissedNotice';
  return 'ended';
}

type Activity = 'idle' | 'submitting' | 'refreshing' | 'copied' | 'shared' | 'invited' | 'invalid' | 'unchanged';

function activityOf(snapshot: DetailsSnapshot): Activity {
  if (snapshot.matches({ ready: 'submitting' })) return 'submitting';
  if (snapshot.matches({ ready: 'refreshing' })) return 'refreshing';
  if (snapshot.matches({ ready: { open: 'copied' } })) return 'copied';
  if (snapshot.matches({ ready: { open: 'shared' } })) return 'shared';
  if (snapshot.matches({ ready: { open: 'invited' } })) return 'invited';
  if (snapshot.matches({ ready: { open: 'invalid' } })) return 'invalid';
  if (snapshot.matches({ ready: { open: 'unchanged' } })) return 'unchanged';
  return 'idle';
}

function activeMembers(family: FamilyDetails): FamilyMember[] {
  return family.members.filter((member) => member.status === 'active');
}

// ---- Sections --------------------------------------------------------------------------------

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={cx(styles.section)} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * Where the result of a section's action is said: beside the action, in a live region that is
 * always on the page so that screen readers announce what appears in it (issue 13).
 */
function ActionStatus({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} role="status" aria-live="polite" className={cx(styles.status)}>
      {message ? (
        <Notice tone="success">
          <p>{message}</p>
        </Notice>
      ) : null}
    </div>
  );
}

function Facts({ family, isAdmin, expired }: { family: FamilyDetails; isAdmin: boolean; expired: boolean }) {
  const intl = useIntl();
  const rows: Array<{ key: string; label: string; value: ReactNode }> = [{ key: 'familyRef', label: intl.formatMessage(m.familyRef), value: family.familyRef }];
  if (isAdmin && family.code) {
    rows.push(
      { key: 'code', label: intl.formatMessage(m.code), value: family.code },
      { key: 'codeCreatedAt', label: intl.formatMessage(m.codeCreatedAt), value: dateTime(intl, family.codeCreatedAt) },
      {
        key: 'codeExpiresAt',
        label: intl.formatMessage(m.codeExpiresAt),
        value: (
          <>
            {dateTime(intl, family.codeExpiresAt)}
            {expired ? <span className={cx(styles.expired)}> {intl.formatMessage(m.codeExpiredTag)}</span> : null}
          </>
        ),
      },
    );
  }
  rows.push({
    key: 'members',
    label: intl.formatMessage(m.membersLabel),
    value: intl.formatMessage(m.memberCount, { count: activeMembers(family).length, capacity: FAMILY_CAPACITY }),
  });
  return (
    <dl className={cx(shared.summaryList)} aria-label={intl.formatMessage(m.summary)}>
      {rows.map((row) => (
        <div key={row.key} className={cx(shared.summaryRow)}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function InviteSection({
  family,
  loginEmail,
  expired,
  errorFor,
  onAttempt,
  send,
  busy,
  shareStatus,
  inviteStatus,
}: SectionProps & { loginEmail: string; expired: boolean; shareStatus: string | null; inviteStatus: string | null }) {
  const intl = useIntl();
  const lang = useLanguage();
  const [email, setEmail] = useState('');
  // Once the invitation is sent the field is emptied for the next one; the address stays in the confirmation.
  const [sentStatus, setSentStatus] = useState<string | null>(null);
  if (inviteStatus !== sentStatus) {
    setSentStatus(inviteStatus);
    if (inviteStatus) setEmail('');
  }
  const link = family.code && !expired ? joinLinkUrl({ adminEmail: loginEmail, familyRef: family.familyRef, code: family.code }, lang) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onAttempt();
    send({ type: 'invite.send', email });
  };
  return (
    <Section id="family-invite" title={intl.formatMessage(m.inviteTitle)}>
      {link ? (
        <p>
          <strong>{intl.formatMessage(m.joinLinkLabel)}</strong>
          <span className={cx(styles.link)}>{link}</span>
        </p>
      ) : null}
      <div className={cx(styles.actions)}>
        <Button disabled={busy} variant="secondary" onClick={() => send({ type: 'link.copy' })}>
          {intl.formatMessage(m.copyLink)}
        </Button>
        <Button disabled={busy} variant="secondary" onClick={() => send({ type: 'invite.whatsapp' })}>
          {intl.formatMessage(m.shareWhatsApp)}
        </Button>
        <Button disabled={busy} variant="secondary" onClick={() => send({ type: 'code.regenerate' })}>
          {intl.formatMessage(m.regenerateCode)}
        </Button>
      </div>
      <ActionStatus id="family-share-status" message={shareStatus} />
      <form noValidate onSubmit={onSubmit} className={cx(styles.section)}>
        <TextInput
          id="email"
          type="email"
          label={intl.formatMessage(familyFieldNames.inviteEmail)}
          hint={intl.formatMessage(m.inviteHint)}
          error={errorFor('email')}
          value={email}
          onValueChange={setEmail}
          autoComplete="off"
          spellCheck={false}
        />
        <Button disabled={busy} type="submit">{intl.formatMessage(m.sendInvite)}</Button>
        <ActionStatus id="family-invite-status" message={inviteStatus} />
      </form>
    </Section>
  );
}

interface SectionProps {
  family: FamilyDetails;
  /** An action or a read is under way: the buttons wait (they stay focusable, as busy buttons do). */
  busy: boolean;
  errorFor: (field: string) => string | null;
  onAttempt: () => void;
  send: Send;
}

function MembersSection({ family, isAdmin, send, busy }: { family: FamilyDetails; isAdmin: boolean; send: Send; busy: boolean }) {
  const intl = useIntl();
  const adminCount = activeMembers(family).filter((member) => member.isAdmin).length;
  return (
    <Section id="family-members" title={intl.formatMessage(m.membersTitle)}>
      <ul className={cx(styles.list)}>
        {activeMembers(family).map((member) => (
          <li key={member.memberId} className={cx(styles.row)}>
            <span className={cx(styles.who)}>
              <strong>{member.nickname}</strong>
              {member.isCurrentUser ? <span>{intl.formatMessage(m.you)} </span> : null}
              {member.isAdmin ? <span className={cx(styles.tag)}>{intl.formatMessage(m.adminTag)}</span> : null}
              <span className={cx(styles.meta)}>{roleName(intl, member.familyRole)}</span>
            </span>
            {isAdmin ? (
              <span className={cx(styles.actions)}>
                {member.isAdmin ? (
                  // Every family keeps an admin: the last one's rights cannot be taken away.
                  adminCount > 1 ? (
                    <Button disabled={busy} variant="secondary" className={cx(styles.rowButton)} onClick={() => send({ type: 'member.removeAdmin', memberId: member.memberId })}>
                      {intl.formatMessage(m.removeAdmin, { nickname: member.nickname, ...hiddenText })}
                    </Button>
                  ) : null
                ) : (
                  <Button disabled={busy} variant="secondary" className={cx(styles.rowButton)} onClick={() => send({ type: 'member.grantAdmin', memberId: member.memberId })}>
                    {intl.formatMessage(m.grantAdmin, { nickname: member.nickname, ...hiddenText })}
                  </Button>
                )}
                {member.isCurrentUser ? null : (
                  <Button disabled={busy} variant="warning" className={cx(styles.rowButton)} onClick={() => send({ type: 'member.kick', memberId: member.memberId })}>
                    {intl.formatMessage(m.kick, { nickname: member.nickname, ...hiddenText })}
                  </Button>
                )}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <Button disabled={busy} variant="secondary" onClick={() => send({ type: 'family.refresh' })}>
        {intl.formatMessage(m.refreshFamily)}
      </Button>
    </Section>
  );
}

function RequestsSection({ actor, busy }: { actor: DetailsActor; busy: boolean }) {
  const intl = useIntl();
  const { rows, page, pageCount } = useSelector(actor, (snapshot) => requestsPageOf(snapshot.context), (a, b) => a.page === b.page && a.pageCount === b.pageCount && a.rows.length === b.rows.length && a.rows.every((row, i) => row === b.rows[i]));
  const send = actor.send;
  return (
    <Section id="family-requests" title={intl.formatMessage(m.requestsTitle)}>
      {rows.length === 0 ? (
        <p>{intl.formatMessage(m.noRequests)}</p>
      ) : (
        <ul className={cx(styles.list)}>
          {rows.map((request) => (
            <li key={request.memberId} className={cx(styles.row)}>
              <span className={cx(styles.who)}>
                <strong>{request.nickname}</strong>
                <span className={cx(styles.meta)}>
                  {roleName(intl, request.familyRole)} · {intl.formatMessage(m.requestedAt, { date: hkDate(intl, request.requestedAt) })}
                </span>
              </span>
              <span className={cx(styles.actions)}>
                <Button disabled={busy} className={cx(styles.rowButton)} onClick={() => send({ type: 'member.accept', memberId: request.memberId })}>
                  {intl.formatMessage(m.accept, { nickname: request.nickname, ...hiddenText })}
                </Button>
                <Button disabled={busy} variant="secondary" className={cx(styles.rowButton)} onClick={() => send({ type: 'member.acceptAndGrantAdmin', memberId: request.memberId })}>
                  {intl.formatMessage(m.acceptAndGrantAdmin, { nickname: request.nickname, ...hiddenText })}
                </Button>
                <Button disabled={busy} variant="warning" className={cx(styles.rowButton)} onClick={() => send({ type: 'member.decline', memberId: request.memberId })}>
                  {intl.formatMessage(m.decline, { nickname: request.nickname, ...hiddenText })}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav className={cx(styles.paging)} aria-label={intl.formatMessage(m.paging)}>
          <Button variant="secondary" disabled={busy || page === 0} onClick={() => send({ type: 'requests.previous' })}>
            {intl.formatMessage(m.previous)}
          </Button>
          <span aria-live="polite">{intl.formatMessage(m.page, { page: page + 1, count: pageCount })}</span>
          <Button variant="secondary" disabled={busy || page + 1 >= pageCount} onClick={() => send({ type: 'requests.next' })}>
            {intl.formatMessage(m.next)}
          </Button>
        </nav>
      ) : null}
    </Section>
  );
}

function SettingsSection({ family, errorFor, onAttempt, send, busy, status }: SectionProps & { status: string | null }) {
  const intl = useIntl();
  const [familyName, setFamilyName] = useState(family.familyName);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onAttempt();
    send({ type: 'family.rename', familyName });
  };
  return (
    <Section id="family-settings" title={intl.formatMessage(m.settingsTitle)}>
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="familyName"
          label={intl.formatMessage(familyFieldNames.familyName)}
          hint={intl.formatMessage(m.nameHint, { max: FAMILY_NAME_MAX })}
          error={errorFor('familyName')}
          value={familyName}
          onValueChange={setFamilyName}
          autoComplete="off"
          width={20}
        />
        <Button disabled={busy} type="submit" variant="secondary">
          {intl.formatMessage(m.rename)}
        </Button>
        <ActionStatus id="family-settings-status" message={status} />
      </form>
    </Section>
  );
}

function SelfSection({ me, errorFor, onAttempt, send, busy, status }: Omit<SectionProps, 'family'> & { me: FamilyMember; status: string | null }) {
  const intl = useIntl();
  const [nickname, setNickname] = useState(me.nickname);
  const [familyRole, setFamilyRole] = useState<FamilyRole | ''>(me.familyRole);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onAttempt();
    send({ type: 'self.update', nickname, familyRole });
  };
  return (
    <Section id="family-self" title={intl.formatMessage(m.selfTitle)}>
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="nickname"
          label={intl.formatMessage(familyFieldNames.nickname)}
          hint={intl.formatMessage(m.nameHint, { max: NICKNAME_MAX })}
          error={errorFor('nickname')}
          value={nickname}
          onValueChange={setNickname}
          autoComplete="nickname"
          width={20}
        />
        <RoleChoice id="familyRole" value={familyRole} error={errorFor('familyRole')} onChange={setFamilyRole} />
        <Button disabled={busy} type="submit" variant="secondary">
          {intl.formatMessage(m.saveSelf)}
        </Button>
        <ActionStatus id="family-self-status" message={status} />
      </form>
    </Section>
  );
}

/** The actions that end something, together and marked as such: leave, and for the admin dismiss (issue 13). */
function EndSection({ isAdmin, send, busy }: { isAdmin: boolean; send: Send; busy: boolean }) {
  const intl = useIntl();
  return (
    <section className={cx(styles.section, styles.danger)} aria-labelledby="family-end">
      <h2 id="family-end">{intl.formatMessage(m.endTitle)}</h2>
      <p className={cx(shared.muted)}>{intl.formatMessage(m.leaveHint)}</p>
      <Button disabled={busy} variant="warning" onClick={() => send({ type: 'family.leave' })}>
        {intl.formatMessage(m.leave)}
      </Button>
      {isAdmin ? (
        <>
          <p className={cx(shared.muted)}>{intl.formatMessage(m.dismissHint)}</p>
          <Button disabled={busy} variant="warning" onClick={() => send({ type: 'family.dismiss' })}>
            {intl.formatMessage(m.dismiss)}
          </Button>
        </>
      ) : null}
    </section>
  );
}

// ---- Dialogs ---------------------------------------------------------------------------------

interface DialogText {
  title: string;
  body: string;
  confirm: ReactNode;
  variant: ButtonVariant;
}

function useConfirmText(actor: DetailsActor) {
  const intl = useIntl();
  const context = useSelector(actor, (snapshot) => snapshot.context);
  return (action: Confirmation): DialogText => {
    const family = context.family;
    const pending = context.pending;
    const memberId = pending?.kind === 'member' ? pending.memberId : null;
    const person = family?.members.find((member) => member.memberId === memberId) ?? context.requests.find((request) => request.memberId === memberId);
    const who = { nickname: person?.nickname ?? '', role: person ? roleName(intl, person.familyRole) : '' };
    const button = (descriptor: (typeof m)[keyof typeof m]) => intl.formatMessage(descriptor, { nickname: who.nickname, ...hiddenText });
    const familyName = family?.familyName ?? '';
    const share = intl.formatMessage(m.confirmShareBody, { expiresAt: dateTime(intl, family?.codeExpiresAt ?? null) });
    switch (action) {
      case 'accept':
        return { title: intl.formatMessage(m.confirmAcceptTitle, who), body: intl.formatMessage(m.confirmAcceptBody, who), confirm: button(m.accept), variant: 'primary' };
      case 'acceptAndGrantAdmin':
        return {
          title: intl.formatMessage(m.confirmAcceptAdminTitle, who),
          body: intl.formatMessage(m.confirmAcceptAdminBody, who),
          confirm: button(m.acceptAndGrantAdmin),
          variant: 'primary',
        };
      case 'decline':
        return { title: intl.formatMessage(m.confirmDeclineTitle, who), body: intl.formatMessage(m.confirmDeclineBody, who), confirm: button(m.decline), variant: 'warning' };
      case 'kick':
        return { title: intl.formatMessage(m.confirmKickTitle, who), body: intl.formatMessage(m.confirmKickBody, who), confirm: button(m.kick), variant: 'warning' };
      case 'grantAdmin':
        return { title: intl.formatMessage(m.confirmGrantTitle, who), body: intl.formatMessage(m.confirmGrantBody), confirm: button(m.grantAdmin), variant: 'primary' };
      case 'removeAdmin':
        return {
          title: intl.formatMessage(m.confirmRemoveAdminTitle, who),
          body: intl.formatMessage(m.confirmRemoveAdminBody, who),
          confirm: button(m.removeAdmin),
          variant: 'warning',
        };
      case 'rename':
        return {
          title: intl.formatMessage(m.confirmRenameTitle),
          body: intl.formatMessage(m.confirmRenameBody, { familyName: pending?.kind === 'rename' ? pending.familyName : familyName }),
          confirm: intl.formatMessage(m.rename),
          variant: 'primary',
        };
      case 'updateSelf':
        return {
          title: intl.formatMessage(m.confirmSelfTitle),
          body:
            pending?.kind === 'updateSelf'
              ? intl.formatMessage(m.confirmSelfBody, { nickname: pending.nickname, role: roleName(intl, pending.familyRole) })
              : '',
          confirm: intl.formatMessage(m.saveSelf),
          variant: 'primary',
        };
      case 'regenerateCode':
        return { title: intl.formatMessage(m.confirmRegenerateTitle), body: intl.formatMessage(m.confirmRegenerateBody), confirm: intl.formatMessage(m.regenerateCode), variant: 'primary' };
      case 'invite':
        return {
          title: intl.formatMessage(m.confirmInviteTitle),
          body: intl.formatMessage(m.confirmInviteBody, { email: pending?.kind === 'invite' ? pending.email : '' }),
          confirm: intl.formatMessage(m.sendInvite),
          variant: 'primary',
        };
      case 'copyLink':
        return { title: intl.formatMessage(m.confirmCopyTitle), body: share, confirm: intl.formatMessage(m.copyLink), variant: 'primary' };
      case 'shareWhatsApp':
        return { title: intl.formatMessage(m.confirmWhatsAppTitle), body: share, confirm: intl.formatMessage(m.shareWhatsApp), variant: 'primary' };
      case 'dismiss':
        return { title: intl.formatMessage(m.confirmDismissTitle, { familyName }), body: intl.formatMessage(m.confirmDismissBody), confirm: intl.formatMessage(m.dismiss), variant: 'warning' };
      case 'leave':
        return { title: intl.formatMessage(m.confirmLeaveTitle, { familyName }), body: intl.formatMessage(m.confirmLeaveBody), confirm: intl.formatMessage(m.leave), variant: 'warning' };
    }
  };
}

/** The one dialog of the details page: a confirmation before each action, or the message of a refusal. */
function DetailsDialog({ actor }: { actor: DetailsActor }) {
  const shown = useSelector(actor, dialogOf, sameDialog);
  return shown ? <OpenDialog actor={actor} shown={shown} /> : null;
}

function OpenDialog({ actor, shown }: { actor: DetailsActor; shown: NonNullable<DialogShown> }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const demotingLastAdmin = useSelector(actor, (snapshot) => snapshot.context.pending?.kind === 'member' && snapshot.context.pending.action === 'REMOVE_ADMIN');
  const confirmText = useConfirmText(actor);
  // The dialog focuses its first button when it opens, and remembers where focus came from. When
  // it turns into another dialog (an expired code into its regeneration), the new first button
  // takes focus itself: the old one is gone.
  const openedAs = useRef(JSON.stringify(shown));
  const refocus = JSON.stringify(shown) !== openedAs.current;
  const send = actor.send;

  if (shown.kind === 'confirm') {
    const text = confirmText(shown.action);
    return (
      <FamilyDialog
        onOpenChange={(open) => {
          if (!open) send({ type: 'dialog.cancel' });
        }}
        title={text.title}
        description={text.body}
        actions={
          <span key={shown.action} className={cx(styles.actions)}>
            <Button variant={text.variant} autoFocus={refocus} onClick={() => send({ type: 'dialog.confirm' })}>
              {text.confirm}
            </Button>
            <Button variant="secondary" onClick={() => send({ type: 'dialog.cancel' })}>
              {intl.formatMessage(m.cancel)}
            </Button>
          </span>
        }
      />
    );
  }

  const dismiss = () => send({ type: 'error.dismiss' });
  if (shown.kind === 'codeExpired') {
    return (
      <FamilyDialog
        onOpenChange={(open) => {
          if (!open) dismiss();
        }}
        title={intl.formatMessage(m.codeExpiredTitle)}
        description={intl.formatMessage(m.codeExpiredBody)}
        actions={
          <span key="codeExpired" className={cx(styles.actions)}>
            <Button autoFocus={refocus} onClick={() => send({ type: 'code.regenerate' })}>
              {intl.formatMessage(m.regenerateCode)}
            </Button>
            <Button variant="secondary" onClick={dismiss}>
              {intl.formatMessage(m.cancel)}
            </Button>
          </span>
        }
      />
    );
  }

  const code: ShownErrorCode = shown.kind === 'failed' ? (errorCode ?? 'unknown') : shown.code;
  const message = code === 'familySingleAdmin' && demotingLastAdmin ? intl.formatMessage(m.lastAdmin) : errorText(code);
  return (
    <FamilyDialog
      tone="alert"
      onOpenChange={(open) => {
        if (!open) dismiss();
      }}
      title={intl.formatMessage(m.problemTitle)}
      description={message}
      actions={
        <Button key="ok" autoFocus={refocus} onClick={dismiss}>
          {intl.formatMessage(m.ok)}
        </Button>
      }
    />
  );
}

// ---- Screens ---------------------------------------------------------------------------------

function ReadyScreen({ actor }: { actor: DetailsActor }) {
  const intl = useIntl();
  const family = useSelector(actor, (snapshot) => snapshot.context.family);
  const me = useSelector(actor, (snapshot) => currentMember(snapshot.context));
  const expired = useSelector(actor, (snapshot) => codeStatus(snapshot.context) === 'expired');
  const loginEmail = useSelector(actor, (snapshot) => snapshot.context.loginEmail);
  const activity = useSelector(actor, activityOf);
  const invitedEmail = useSelector(actor, (snapshot) => (snapshot.context.pending?.kind === 'invite' ? snapshot.context.pending.email : ''));
  const unchangedKind = useSelector(actor, (snapshot) => (snapshot.matches({ ready: { open: 'unchanged' } }) ? (snapshot.context.pending?.kind ?? null) : null));
  const unusedLink = useSelector(actor, (snapshot) => snapshot.context.unusedLink);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const { summary, errorFor } = useFieldErrors(issues, FAMILY_FIELD_NAMES);
  // Counts submissions so the error summary takes focus again when the same errors come back.
  const [attempt, setAttempt] = useState(0);
  const onAttempt = () => setAttempt((count) => count + 1);
  if (!family) return null;

  const isAdmin = me?.isAdmin === true;
  const busy = activity === 'submitting' || activity === 'refreshing';
  const send = actor.send;
  const fieldErrors = activity === 'invalid' ? errorFor : () => null;
  const status = (): ReactNode => {
    switch (activity) {
      case 'submitting':
        return <Spinner label={intl.formatMessage(m.working)} />;
      case 'refreshing':
        return <Spinner label={intl.formatMessage(m.updating)} />;
      default:
        return null;
    }
  };
  // Each confirmation is said beside the action it confirms (issue 13).
  const shareStatus = activity === 'copied' ? intl.formatMessage(m.copied) : activity === 'shared' ? intl.formatMessage(m.shared) : null;
  const inviteStatus = activity === 'invited' ? intl.formatMessage(m.invited, { email: invitedEmail }) : null;
  const renameStatus = unchangedKind === 'rename' ? intl.formatMessage(m.unchanged) : null;
  const selfStatus = unchangedKind === 'updateSelf' ? intl.formatMessage(m.unchanged) : null;
  const linkNotice = unusedLink
    ? intl.formatMessage(unusedLink.familyRef?.toUpperCase() === family.familyRef.toUpperCase() ? m.linkOwnFamily : m.linkOtherFamily, { familyName: family.familyName })
    : null;

  return (
    <Page title={family.familyName} caption={intl.formatMessage(m.caption)} wide>
      <ErrorSummary items={activity === 'invalid' ? summary : []} focusKey={attempt} />
      {status()}
      {linkNotice ? (
        <Notice tone="warning" title={intl.formatMessage(m.linkUnusedTitle)}>
          <p>{linkNotice}</p>
        </Notice>
      ) : null}
      <Facts family={family} isAdmin={isAdmin} expired={expired} />
      {isAdmin && activeMembers(family).length === 1 ? (
        <Notice>
          <p>{intl.formatMessage(m.onlyYou)}</p>
        </Notice>
      ) : null}
      {isAdmin ? (
        <InviteSection
          family={family}
          loginEmail={loginEmail}
          expired={expired}
          errorFor={fieldErrors}
          onAttempt={onAttempt}
          send={send}
          busy={busy}
          shareStatus={shareStatus}
          inviteStatus={inviteStatus}
        />
      ) : null}
      <MembersSection family={family} isAdmin={isAdmin} send={send} busy={busy} />
      {isAdmin ? <RequestsSection actor={actor} busy={busy} /> : null}
      {isAdmin ? <SettingsSection key={family.familyName} family={family} errorFor={fieldErrors} onAttempt={onAttempt} send={send} busy={busy} status={renameStatus} /> : null}
      {me ? <SelfSection key={`${me.nickname}/${me.familyRole}`} me={me} errorFor={fieldErrors} onAttempt={onAttempt} send={send} busy={busy} status={selfStatus} /> : null}
      <EndSection isAdmin={isAdmin} send={send} busy={busy} />
      <DetailsDialog actor={actor} />
    </Page>
  );
}

function DismissedScreen({ actor }: { actor: DetailsActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const familyName = useSelector(actor, (snapshot) => snapshot.context.family?.familyName ?? '');
  const phase = useSelector(actor, (snapshot) =>
    snapshot.matches({ dismissedNotice: 'confirming' }) ? 'confirming' : snapshot.matches({ dismissedNotice: 'leaving' }) ? 'leaving' : snapshot.matches({ dismissedNotice: 'failed' }) ? 'failed' : 'notice',
  );
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const send = actor.send;
  return (
    <Page title={intl.formatMessage(m.dismissedNoticeTitle)}>
      {phase === 'failed' ? <ErrorSummary items={[{ text: errorText(errorCode ?? 'unknown') }]} /> : null}
      <Notice tone="warning">
        <p>{intl.formatMessage(m.dismissedNotice, { familyName })}</p>
      </Notice>
      {phase === 'leaving' ? (
        <Spinner label={intl.formatMessage(m.leaving)} />
      ) : (
        <ButtonGroup>
          <Button variant="warning" onClick={() => send({ type: 'family.leave' })}>
            {intl.formatMessage(m.leave)}
          </Button>
        </ButtonGroup>
      )}
      {phase === 'confirming' ? (
        <FamilyDialog
          onOpenChange={(open) => {
            if (!open) send({ type: 'dialog.cancel' });
          }}
          title={intl.formatMessage(m.confirmLeaveTitle, { familyName })}
          description={intl.formatMessage(m.confirmLeaveBody)}
          actions={
            <span className={cx(styles.actions)}>
              <Button variant="warning" onClick={() => send({ type: 'dialog.confirm' })}>
                {intl.formatMessage(m.leave)}
              </Button>
              <Button variant="secondary" onClick={() => send({ type: 'dialog.cancel' })}>
                {intl.formatMessage(m.cancel)}
              </Button>
            </span>
          }
        />
      ) : null}
    </Page>
  );
}

/** The family details: facts, invitations, members, requests, settings and the user's own membership. */
export function FamilyDetailsView({ actor }: { actor: DetailsActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const screen = useSelector(actor, screenOf);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  switch (screen) {
    case 'loading':
      return (
        <Page title={intl.formatMessage(m.title)}>
          <Spinner label={intl.formatMessage(m.loading)} />
        </Page>
      );
    case 'loadFailed':
      return (
        <Page title={intl.formatMessage(m.title)}>
          <ErrorSummary items={[{ text: errorText(errorCode ?? 'unknown') }]} />
          <ButtonGroup>
            <Button onClick={() => actor.send({ type: 'retry' })}>{intl.formatMessage(m.retry)}</Button>
          </ButtonGroup>
        </Page>
      );
    case 'ready':
      return <ReadyScreen actor={actor} />;
    case 'dismissedNotice':
      return <DismissedScreen actor={actor} />;
    case 'ended':
      return (
        <Page title={intl.formatMessage(m.title)} focusHeading={false}>
          <Spinner label={intl.formatMessage(m.ended)} />
        </Page>
      );
  }
}
