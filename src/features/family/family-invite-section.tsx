import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { TextInput } from '../../ui/text-input.tsx';
import { familyFieldNames } from './family-flow-messages.ts';
import { ActionStatus, Section, type SectionProps } from './family-section.tsx';
import { joinLinkUrl } from './family-share.ts';
import { familyWords as m } from './family-words.ts';
import styles from './family.module.css';

/** The admin's ways to invite: the join link, copied or shared, a new code, an invitation by email. */
export function InviteSection({
  family,
  loginEmail,
  expired,
  errorFor,
  submit,
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
  const onSubmit = (event: FormEvent) => submit(event, { type: 'invite.send', email });
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
