import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { FAMILY_NAME_MAX, NICKNAME_MAX } from '../../../contract/constants.ts';
import type { familyCreateMachine } from '../../../machines/family/family-create.machine.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { formRefusal, useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { useSettings } from '../../shell/app-context.tsx';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary, type ErrorSummaryItem } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Recaptcha } from '../../ui/recaptcha.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from '../features.module.css';
import { LazyDialog as FamilyDialog } from '../../ui/lazy-dialog.tsx';
import { familyFieldNames, flowMessages } from './family-flow-messages.ts';
import { familyMessages } from './family-messages.ts';
import { dateTime, FAMILY_FIELD_NAMES, RoleChoice, roleName } from './family-parts.tsx';

const m = { ...familyMessages, ...flowMessages };

type CreateActor = ActorRefFrom<typeof familyCreateMachine>;

/** The family forms' own words for a refusal of the whole form. */
const WORDING = { indecentLanguage: m.indecent };

function Created({ actor }: { actor: CreateActor }) {
  const intl = useIntl();
  const created = useSelector(actor, (snapshot) => snapshot.context.created);
  if (!created) return null;
  const rows = [
    { key: 'familyRef', label: m.familyRef, value: created.familyRef },
    { key: 'code', label: m.code, value: created.code },
    { key: 'codeCreatedAt', label: m.codeCreatedAt, value: dateTime(intl, created.codeCreatedAt) },
    { key: 'codeExpiresAt', label: m.codeExpiresAt, value: dateTime(intl, created.codeExpiresAt) },
  ];
  return (
    <Page title={intl.formatMessage(m.createdTitle)}>
      <Notice tone="success" live>
        <p>{intl.formatMessage(m.createdBody)}</p>
      </Notice>
      <dl className={cx(styles.summaryList)} aria-label={intl.formatMessage(m.summary)}>
        {rows.map((row) => (
          <div key={row.key} className={cx(styles.summaryRow)}>
            <dt>{intl.formatMessage(row.label)}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </Page>
  );
}

/** The create form: family name, own nickname and role, robot check; a confirm-create dialog; then the new family. */
export function FamilyCreateView({ actor }: { actor: CreateActor }) {
  const intl = useIntl();
  const lang = useLanguage();
  const settings = useSettings();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const recaptchaSolved = useSelector(actor, (snapshot) => snapshot.context.recaptcha !== '');
  const recaptchaRound = useSelector(actor, (snapshot) => snapshot.context.recaptchaRound);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const problem = useSelector(actor, formRefusal);
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirming'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const phase = useSelector(actor, (snapshot) => (snapshot.matches('created') ? 'created' : snapshot.matches('cancelled') ? 'cancelled' : 'form'));
  const { summary, errorFor } = useFieldErrors(issues, FAMILY_FIELD_NAMES);
  const refusalText = useRefusalText(WORDING);
  // Counts submissions so the error summary takes focus again when the same errors come back.
  const [attempt, setAttempt] = useState(0);

  if (phase === 'created') return <Created actor={actor} />;
  if (phase === 'cancelled') return <Spinner />;

  const problemText = problem ? refusalText(problem) : null;
  const extra: ErrorSummaryItem | null = problem && problemText ? { fieldId: problem === 'recaptchaFailed' ? 'recaptcha' : undefined, text: problemText } : null;
  const items = extra ? [...summary, extra] : summary;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    actor.send({ type: 'form.submit' });
  };

  return (
    <Page title={intl.formatMessage(m.createFormTitle)} lead={intl.formatMessage(m.createLead)}>
      <ErrorSummary items={items} focusKey={attempt} />
      {problem === 'familyNoLoginEmail' ? (
        <p>
          <RouteLink to="/{-$lang}/profile">{intl.formatMessage(m.addLoginEmail)}</RouteLink>
        </p>
      ) : null}
      {problem === 'familyStudentOnly' ? <p>
          <RouteLink to="/{-$lang}/profile/student-upgrade">{intl.formatMessage(m.upgrade)}</RouteLink>
        </p> : null}
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="familyName"
          label={intl.formatMessage(familyFieldNames.familyName)}
          hint={intl.formatMessage(m.nameHint, { max: FAMILY_NAME_MAX })}
          error={errorFor('familyName')}
          value={values.familyName}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'familyName', value })}
          autoComplete="off"
          width={20}
        />
        <TextInput
          id="nickname"
          label={intl.formatMessage(familyFieldNames.nickname)}
          hint={intl.formatMessage(m.nameHint, { max: NICKNAME_MAX })}
          error={errorFor('nickname')}
          value={values.nickname}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'nickname', value })}
          autoComplete="nickname"
          width={20}
        />
        <RoleChoice id="role" value={values.role} error={errorFor('role')} onChange={(role) => actor.send({ type: 'form.change', field: 'role', value: role })} />
        <Recaptcha
          id="recaptcha"
          siteKey={settings?.recaptchaSiteKey ?? null}
          lang={lang}
          solved={recaptchaSolved}
          round={recaptchaRound}
          error={problem === 'recaptchaFailed' ? problemText : errorFor('recaptcha')}
          onSolve={(token) => actor.send({ type: 'recaptcha.solve', token })}
          onExpire={() => actor.send({ type: 'recaptcha.expire' })}
        />
        <ButtonGroup>
          <Button type="submit" busy={busy}>
            {intl.formatMessage(busy ? m.creating : m.createContinue)}
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'form.cancel' })} disabled={busy}>
            {intl.formatMessage(m.back)}
          </Button>
        </ButtonGroup>
      </form>
      {confirming ? (
        <FamilyDialog
          onOpenChange={(open) => {
            if (!open) actor.send({ type: 'dialog.cancel' });
          }}
          title={intl.formatMessage(m.confirmCreateTitle)}
          description={intl.formatMessage(m.confirmCreateBody, {
            familyName: values.familyName.trim(),
            nickname: values.nickname.trim(),
            role: values.role === '' ? '' : roleName(intl, values.role),
          })}
          actions={
            <>
              <Button onClick={() => actor.send({ type: 'dialog.confirm' })}>{intl.formatMessage(m.confirmCreate)}</Button>
              <Button variant="secondary" onClick={() => actor.send({ type: 'dialog.cancel' })}>
                {intl.formatMessage(m.cancel)}
              </Button>
            </>
          }
        />
      ) : null}
    </Page>
  );
}
