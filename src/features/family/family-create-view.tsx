import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { familyCreateMachine } from '../../../machines/family/family-create.machine.ts';
import { formRefusal, useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { ErrorSummary, type ErrorSummaryItem } from '../../ui/error-summary.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { DonePage } from '../../ui/status-pages.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import { ConfirmDialog, FormEnd, NameField, SummaryList } from './family-form-parts.tsx';
import { RefusalLinks } from './family-pages.tsx';
import { dateTime, RoleChoice, roleName } from './family-parts.tsx';
import { familyWords as m } from './family-words.ts';

type CreateActor = ActorRefFrom<typeof familyCreateMachine>;

/** The family forms' own words for a refusal of the whole form. */
const WORDING = { indecentLanguage: m.indecent };

function Created({ actor }: { actor: CreateActor }) {
  const intl = useIntl();
  const created = useSelector(actor, (snapshot) => snapshot.context.created);
  if (!created) return null;
  const rows = [
    { key: 'familyRef', label: intl.formatMessage(m.familyRef), value: created.familyRef },
    { key: 'code', label: intl.formatMessage(m.code), value: created.code },
    { key: 'codeCreatedAt', label: intl.formatMessage(m.codeCreatedAt), value: dateTime(intl, created.codeCreatedAt) },
    { key: 'codeExpiresAt', label: intl.formatMessage(m.codeExpiresAt), value: dateTime(intl, created.codeExpiresAt) },
  ];
  return (
    <DonePage title={intl.formatMessage(m.createdTitle)} body={intl.formatMessage(m.createdBody)}>
      <SummaryList label={intl.formatMessage(m.summary)} rows={rows} />
    </DonePage>
  );
}

/** The create form: family name, own nickname and role, robot check; a confirm-create dialog; then the new family. */
export function FamilyCreateView({ actor }: { actor: CreateActor }) {
  const intl = useIntl();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const recaptchaSolved = useSelector(actor, (snapshot) => snapshot.context.recaptcha !== '');
  const recaptchaRound = useSelector(actor, (snapshot) => snapshot.context.recaptchaRound);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const problem = useSelector(actor, formRefusal);
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirming'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const phase = useSelector(actor, (snapshot) => (snapshot.matches('created') ? 'created' : snapshot.matches('cancelled') ? 'cancelled' : 'form'));
  const { summary, errorFor } = useFieldErrors(issues);
  const refusalText = useRefusalText(WORDING);
  const { attempt, onSubmit } = useSubmit(() => actor.send({ type: 'form.submit' }));

  if (phase === 'created') return <Created actor={actor} />;
  if (phase === 'cancelled') return <Spinner />;

  const problemText = problem ? refusalText(problem) : null;
  const extra: ErrorSummaryItem | null = problem && problemText ? { fieldId: problem === 'recaptchaFailed' ? 'recaptcha' : undefined, text: problemText } : null;
  const items = extra ? [...summary, extra] : summary;

  return (
    <Page title={intl.formatMessage(m.createFormTitle)} lead={intl.formatMessage(m.createLead)}>
      <ErrorSummary items={items} focusKey={attempt} />
      <RefusalLinks refusal={problem} />
      <form noValidate onSubmit={onSubmit}>
        <NameField name="familyName" error={errorFor('familyName')} value={values.familyName} onValueChange={(value) => actor.send({ type: 'form.change', field: 'familyName', value })} />
        <NameField name="nickname" error={errorFor('nickname')} value={values.nickname} onValueChange={(value) => actor.send({ type: 'form.change', field: 'nickname', value })} />
        <RoleChoice id="role" value={values.role} error={errorFor('role')} onChange={(role) => actor.send({ type: 'form.change', field: 'role', value: role })} />
        <FormEnd
          recaptcha={{ solved: recaptchaSolved, round: recaptchaRound, error: problem === 'recaptchaFailed' ? problemText : errorFor('recaptcha') }}
          busy={busy}
          submitLabel={intl.formatMessage(busy ? m.creating : m.createContinue)}
          send={actor.send}
        />
      </form>
      {confirming ? (
        <ConfirmDialog
          title={intl.formatMessage(m.confirmCreateTitle)}
          description={intl.formatMessage(m.confirmCreateBody, {
            familyName: values.familyName.trim(),
            nickname: values.nickname.trim(),
            role: values.role === '' ? '' : roleName(intl, values.role),
          })}
          confirm={intl.formatMessage(m.confirmCreate)}
          cancel={intl.formatMessage(m.cancel)}
          onConfirm={() => actor.send({ type: 'dialog.confirm' })}
          onCancel={() => actor.send({ type: 'dialog.cancel' })}
        />
      ) : null}
    </Page>
  );
}
