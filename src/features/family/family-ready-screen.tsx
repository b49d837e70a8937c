import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { codeStatus, currentMember, type FamilyDetailsEvent } from '../../../machines/family/family-details.machine.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import { DetailsDialog } from './family-details-dialog.tsx';
import { activeMembers, activityOf, type DetailsActor } from './family-details-state.ts';
import { EndSection } from './family-end-section.tsx';
import { Facts } from './family-facts.tsx';
import { InviteSection } from './family-invite-section.tsx';
import { MembersSection } from './family-members-section.tsx';
import { RequestsSection } from './family-requests-section.tsx';
import { SelfSection } from './family-self-section.tsx';
import { SettingsSection } from './family-settings-section.tsx';
import { familyWords as m } from './family-words.ts';

const NOTHING = () => undefined;

/** The family as its members see it, with what the user may do in it. */
export function ReadyScreen({ actor }: { actor: DetailsActor }) {
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
  const { summary, errorFor } = useFieldErrors(issues);
  // One count for the page's forms: the error summary takes focus again when the same errors come back.
  const { attempt, onSubmit: countAttempt } = useSubmit(NOTHING);
  if (!family) return null;

  const isAdmin = me?.isAdmin === true;
  const busy = activity === 'submitting' || activity === 'refreshing';
  const send = actor.send;
  const submit = (event: FormEvent, command: FamilyDetailsEvent) => {
    countAttempt(event);
    send(command);
  };
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
          submit={submit}
          send={send}
          busy={busy}
          shareStatus={shareStatus}
          inviteStatus={inviteStatus}
        />
      ) : null}
      <MembersSection family={family} isAdmin={isAdmin} send={send} busy={busy} />
      {isAdmin ? <RequestsSection actor={actor} busy={busy} /> : null}
      {isAdmin ? <SettingsSection key={family.familyName} family={family} errorFor={fieldErrors} submit={submit} busy={busy} status={renameStatus} /> : null}
      {me ? <SelfSection key={`${me.nickname}/${me.familyRole}`} me={me} errorFor={fieldErrors} submit={submit} busy={busy} status={selfStatus} /> : null}
      <EndSection isAdmin={isAdmin} send={send} busy={busy} />
      <DetailsDialog actor={actor} />
    </Page>
  );
}
