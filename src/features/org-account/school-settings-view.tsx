import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { schoolNameIn } from '../../../contract/languages.ts';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { domainField } from '../../../contract/schemas/org-account.ts';
import type { FieldIssue } from '../../../contract/errors.ts';
import type { schoolSettingsMachine } from '../../../machines/org-account/school-settings.machine.ts';
import { domainMessages } from '../../i18n/field-messages.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary, type ErrorSummaryItem } from '../../ui/error-summary.tsx';
import { describedBy, FieldError } from '../../ui/field.tsx';
import { InternalAnchor, type NavigateHandler } from '../../ui/internal-anchor.tsx';
import { Notice } from '../../ui/notice.tsx';
import { OrgLoadNotices } from './org-load-notices.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import shared from '../features.module.css';
import { schoolSettingsMessages as m } from './school-settings-messages.ts';
import styles from './org-account.module.css';

type SettingsActor = ActorRefFrom<typeof schoolSettingsMachine>;
type SettingsSnapshot = SnapshotFrom<typeof schoolSettingsMachine>;


const failureOf = (snapshot: SettingsSnapshot) => (snapshot.matches({ editing: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null);
const domainRefusalOf = (snapshot: SettingsSnapshot) => (snapshot.matches({ editing: 'domainsRefused' }) ? (snapshot.context.errorCode ?? 'unknown') : null);

/** Problems of single domains are named by the domain (`emailDomains.<domain>`), the others by field. */
const DOMAIN_PREFIX = domainField('');
const isDomainIssue = (issue: FieldIssue) => issue.field.startsWith(DOMAIN_PREFIX);
/** The id of a listed domain's remove button, where the summary's link for that domain leads. */
const domainControlId = (index: number) => `email-domain-${index}`;

/** The values as they are, for an administrator who may only read them. */
function ReadOnlySettings({ actor }: { actor: SettingsActor }) {
  const intl = useIntl();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const none = intl.formatMessage(m.domainsNone);
  return (
    <>
      <Notice>
        <p>{intl.formatMessage(m.settingsReadOnly)}</p>
      </Notice>
      <dl className={cx(shared.summaryList)}>
        <div className={cx(shared.summaryRow)}>
          <dt>{intl.formatMessage(m.schoolEmail)}</dt>
          <dd>{values.schoolEmail === '' ? none : values.schoolEmail}</dd>
        </div>
        <div className={cx(shared.summaryRow)}>
          <dt>{intl.formatMessage(m.domains)}</dt>
          <dd>
            {values.emailDomains.length === 0 ? (
              none
            ) : (
              <ul>
                {values.emailDomains.map((domain) => (
                  <li key={domain}>{domain}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div className={cx(shared.summaryRow)}>
          <dt>{intl.formatMessage(m.qrLegend)}</dt>
          <dd>{intl.formatMessage(values.allowQrLogin ? m.qrYes : m.qrNo)}</dd>
        </div>
      </dl>
    </>
  );
}

/** The form: school email, the domains (add, remove), QR-code login; every problem in the summary, the outcome beside the save button. */
function SettingsForm({ actor }: { actor: SettingsActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  // Saving and adding a domain each count their attempts: the error summary takes focus again when either brings the same errors back.
  const saveForm = useSubmit(() => actor.send({ type: 'form.submit' }));
  const addDomain = useSubmit(() => actor.send({ type: 'domain.add' }));
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, failureOf);
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const saved = useSelector(actor, (snapshot) => snapshot.matches('saved'));
  const unchanged = useSelector(actor, (snapshot) => snapshot.matches({ editing: 'unchanged' }));
  const domainRefusal = useSelector(actor, domainRefusalOf);
  const fieldIssues = useMemo(() => issues.filter((issue) => !isDomainIssue(issue)), [issues]);
  const { summary, errorFor } = useFieldErrors(fieldIssues);
  // Each refused domain by name, beside it and in the summary (every problem at once).
  const domainProblems = useMemo(
    () => new Map(issues.filter(isDomainIssue).map((issue) => [issue.field.slice(DOMAIN_PREFIX.length), intl.formatMessage(issue.rule === 'publicDomain' ? domainMessages.publicDomain : domainMessages.domainTaken, { domain: issue.field.slice(DOMAIN_PREFIX.length) })])),
    [intl, issues],
  );
  const domainItems: ErrorSummaryItem[] = [...domainProblems].map(([domain, text]) => {
    const index = values.emailDomains.indexOf(domain);
    return { text, fieldId: index >= 0 ? domainControlId(index) : undefined };
  });
  const items = [...summary, ...domainItems, ...(domainRefusal ? [{ text: refusalText(domainRefusal) }] : []), ...(failure ? [{ text: refusalText(failure) }] : [])];
  return (
    <>
      <ErrorSummary items={items} focusKey={saveForm.attempt + addDomain.attempt} />
      <form noValidate onSubmit={saveForm.onSubmit}>
        <TextInput
          id="schoolEmail"
          type="email"
          autoComplete="off"
          label={intl.formatMessage(m.schoolEmail)}
          hint={intl.formatMessage(m.schoolEmailHint)}
          value={values.schoolEmail}
          error={errorFor('schoolEmail')}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'schoolEmail', value })}
        />
        <fieldset className={cx(styles.section)} aria-describedby={describedBy('school-domains-hint', domainRefusal !== null && 'school-domains-error')}>
          <legend className={cx(shared.subheading)}>{intl.formatMessage(m.domains)}</legend>
          <p id="school-domains-hint">{intl.formatMessage(m.domainsHint)}</p>
          {domainRefusal ? <FieldError id="school-domains-error">{refusalText(domainRefusal)}</FieldError> : null}
          {values.emailDomains.length === 0 ? (
            <p>{intl.formatMessage(m.domainsNone)}</p>
          ) : (
            <ul className={cx(styles.domains)}>
              {values.emailDomains.map((domain, index) => {
                const problem = domainProblems.get(domain);
                const id = domainControlId(index);
                return (
                  <li key={domain} className={cx(problem && styles.domainRefused)}>
                    {problem ? <FieldError id={`${id}-error`}>{problem}</FieldError> : null}
                    <span>{domain}</span>{' '}
                    <Button
                      id={id}
                      variant="link"
                      disabled={saving}
                      aria-describedby={problem ? `${id}-error` : undefined}
                      onClick={() => actor.send({ type: 'domain.remove', domain })}
                    >
                      {intl.formatMessage(m.domainRemove, { domain })}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <div className={cx(styles.toolbar)}>
            <TextInput
              id="newDomain"
              autoComplete="off"
              spellCheck={false}
              label={intl.formatMessage(m.newDomain)}
              value={values.newDomain}
              error={errorFor('newDomain')}
              width={20}
              onValueChange={(value) => actor.send({ type: 'form.change', field: 'newDomain', value })}
            />
            <Button variant="secondary" disabled={saving} onClick={() => addDomain.onSubmit()}>
              {intl.formatMessage(m.domainAdd)}
            </Button>
          </div>
        </fieldset>
        <fieldset className={cx(styles.section)}>
          <legend className={cx(shared.subheading)}>{intl.formatMessage(m.qrLegend)}</legend>
          <Checkbox id="allowQrLogin" label={intl.formatMessage(m.qr)} checked={values.allowQrLogin} onCheckedChange={(value) => actor.send({ type: 'form.change', field: 'allowQrLogin', value })} />
        </fieldset>
        <ButtonGroup>
          <Button type="submit" busy={saving}>
            {saving ? intl.formatMessage(m.settingsSaving) : intl.formatMessage(m.settingsSave)}
          </Button>
        </ButtonGroup>
        {/* Always there, so what appears in it is announced, beside the button the eyes and focus are on. */}
        <div role="status">
          {saved ? (
            <Notice tone="success">
              <p>{intl.formatMessage(m.settingsSaved)}</p>
            </Notice>
          ) : null}
          {unchanged ? (
            <Notice>
              <p>{intl.formatMessage(m.settingsUnchanged)}</p>
            </Notice>
          ) : null}
        </div>
      </form>
    </>
  );
}

/** /org_account/settings: the school's email, teacher email domains and QR-code login; read-only without write permission. */
export function SchoolSettingsView({ actor, listHref = '#list', onNavigate }: { actor: SettingsActor; listHref?: string; onNavigate?: NavigateHandler | undefined }) {
  const intl = useIntl();
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const loadFailed = useSelector(actor, (snapshot) => (snapshot.matches('loadFailed') ? (snapshot.context.errorCode ?? 'unknown') : null));
  const forbidden = useSelector(actor, (snapshot) => snapshot.matches('forbidden'));
  const readOnly = useSelector(actor, (snapshot) => snapshot.matches('readOnly'));
  const schoolName = useSelector(actor, (snapshot) => schoolNameIn(intl.locale, snapshot.context.school));
  const shown = !loading && !forbidden && !loadFailed;
  return (
    <Page title={intl.formatMessage(m.settingsHeading)} lead={schoolName ? intl.formatMessage(m.settingsLead, { school: schoolName }) : undefined}>
      <p>
        <InternalAnchor href={listHref} onNavigate={onNavigate}>
          {intl.formatMessage(m.backToList)}
        </InternalAnchor>
      </p>
      {loading ? <Spinner label={intl.formatMessage(m.settingsLoading)} /> : null}
      <OrgLoadNotices
        forbidden={forbidden}
        loadFailed={loadFailed}
        failedTitle={intl.formatMessage(m.settingsLoadFailed)}
        retryLabel={intl.formatMessage(m.settingsRetry)}
        onRetry={() => actor.send({ type: 'retry' })}
      />
      {shown ? readOnly ? <ReadOnlySettings actor={actor} /> : <SettingsForm actor={actor} /> : null}
    </Page>
  );
}
