import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { loginInfoMachine } from '../../../machines/third-party/login-info.machine.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { hkDate } from '../../i18n/hk-time.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { usePrefetchDialog } from '../../ui/lazy-dialog.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { WaitingPage } from '../../ui/status-pages.tsx';
import { GoogleIcon } from './google-icon.tsx';
import { thirdPartyMessages as m } from './third-party-messages.ts';

type InfoActor = ActorRefFrom<typeof loginInfoMachine>;

/**
 * /profile/login-info: each provider by its icon, linked (with an unlink button asking for
 * confirmation) or not (with `linkControl`, the page's Google button in link mode).
 */
export function LoginInfoView({ actor, linkControl, extra = null }: { actor: InfoActor; linkControl: ReactNode; extra?: ReactNode }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const title = intl.formatMessage(m.infoTitle);
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const loadFailed = useSelector(actor, (snapshot) => snapshot.matches('loadFailed'));
  const info = useSelector(actor, (snapshot) => snapshot.context.info);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirmUnlink'));
  usePrefetchDialog();
  const unlinking = useSelector(actor, (snapshot) => snapshot.matches('unlinking'));
  const unlinked = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'unlinked' }));
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const saved = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'saved' }));
  const chosenUserId = useSelector(actor, (snapshot) => snapshot.context.chosenUserId);
  const refused = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'lastSignInMethod' }) || snapshot.matches({ ready: 'failed' }));

  if (loading) {
    return <WaitingPage title={title} focusHeading={false} label={intl.formatMessage(m.infoLoading)} />;
  }
  if (loadFailed || !info) {
    return (
      <Page title={title}>
        <Notice tone="warning" live>
          <p>{refusalText(errorCode ?? 'unknown')}</p>
          <ButtonGroup>
            <Button onClick={() => actor.send({ type: 'retry' })}>{intl.formatMessage(m.retry)}</Button>
          </ButtonGroup>
        </Notice>
      </Page>
    );
  }
  const google = info.identities.find((identity) => identity.provider === 'google');
  const provider = intl.formatMessage(m.google);
  return (
    <Page title={title} lead={intl.formatMessage(m.infoLead)}>
      {unlinked ? (
        <Notice tone="success" live>
          {intl.formatMessage(m.unlinked)}
        </Notice>
      ) : null}
      {refused ? (
        <Notice tone="warning" live>
          {refusalText(errorCode ?? 'unknown')}
        </Notice>
      ) : null}
      <section aria-labelledby="provider-google">
        <h2 id="provider-google">
          <GoogleIcon />
          {provider}
        </h2>
        {google ? (
          <>
            <p>{intl.formatMessage(m.linkedAs, { email: google.email ?? provider, date: hkDate(intl, google.linkedAt) })}</p>
            <Button variant="warning" busy={unlinking} onClick={() => actor.send({ type: 'unlink.ask', provider: 'google' })}>
              {intl.formatMessage(unlinking ? m.unlinking : m.unlink, { provider })}
            </Button>
            {info.choices.length ? (
              <div aria-busy={saving}>
                <RadioGroup
                  id="opens-account"
                  legend={intl.formatMessage(m.opensLegend)}
                  options={info.choices.map((choice) => ({
                    value: choice.userId,
                    label: choice.own
                      ? intl.formatMessage(m.opensOwn, { loginId: choice.loginId })
                      : intl.formatMessage(m.opensStudent, { name: choice.displayName, loginId: choice.loginId }),
                  }))}
                  value={saving ? chosenUserId : info.opensUserId}
                  onValueChange={(userId) => actor.send({ type: 'choice.change', userId })}
                />
                {saving ? <Spinner label={intl.formatMessage(m.opensSaving)} /> : null}
                {saved ? (
                  <Notice tone="success" live>
                    {intl.formatMessage(m.opensSaved)}
                  </Notice>
                ) : null}
              </div>
            ) : null}
          </>
        ) : (
          <>
            <p>{intl.formatMessage(m.notLinked)}</p>
            {linkControl}
          </>
        )}
      </section>
      {info.memberLinks.length ? (
        <section aria-labelledby="member-links">
          <h2 id="member-links">{intl.formatMessage(m.memberLinksHeading)}</h2>
          <ul>
            {info.memberLinks.map((link) => (
              <li key={`${link.side}-${link.loginId}`}>
                {intl.formatMessage(link.side === 'member' ? m.memberLinkMember : m.memberLinkStudent, {
                  name: link.displayName,
                  loginId: link.loginId,
                  date: hkDate(intl, link.linkedAt),
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          actor={actor}
          title={intl.formatMessage(m.unlinkTitle)}
          description={intl.formatMessage(m.unlinkBody, { email: google?.email ?? provider })}
          confirm={intl.formatMessage(m.unlinkConfirm)}
        />
      ) : null}
      {extra}
    </Page>
  );
}
