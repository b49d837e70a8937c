import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { STEP_UP_VALIDITY_MINUTES } from '../../../contract/schemas/step-up.ts';
import type { stepUpMachine } from '../../../machines/step-up/step-up.machine.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { LazyDialog } from '../../ui/lazy-dialog.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { useFormState } from '../../ui/use-form-state.ts';
import { stepUpMessages as m } from './step-up-messages.ts';

export type StepUpActor = ActorRefFrom<typeof stepUpMachine>;

/**
 * The step-up dialog over the page that asked for it (docs/decisions/step-up.md): the parent
 * flow's view renders it with the child actor it invoked (`snapshot.children.stepUp`), and it
 * closes by itself once the proof is given or the user cancels.
 */
export function StepUpDialog({ actor }: { actor: StepUpActor }) {
  const open = useSelector(actor, (snapshot) => snapshot.status === 'active');
  return open ? <OpenStepUpDialog actor={actor} /> : null;
}

function OpenStepUpDialog({ actor }: { actor: StepUpActor }) {
  const intl = useIntl();
  const form = useFormState(actor);
  const cancel = () => actor.send({ type: 'dialog.cancel' });
  return (
    <LazyDialog
      onOpenChange={(open) => {
        if (!open && !form.busy) cancel();
      }}
      title={intl.formatMessage(m.title)}
      description={intl.formatMessage(m.lead, { minutes: String(STEP_UP_VALIDITY_MINUTES) })}
    >
      <ErrorSummary items={form.items} focusKey={form.attempt} />
      <form noValidate onSubmit={form.onSubmit}>
        <PasswordInput {...form.field('currentPassword')} label={intl.formatMessage(fieldNames.currentPassword)} autoComplete="current-password" />
        <ButtonGroup>
          <Button type="submit" busy={form.busy}>
            {intl.formatMessage(form.busy ? m.submitting : m.submit)}
          </Button>
          <Button variant="secondary" disabled={form.busy} onClick={cancel}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </ButtonGroup>
      </form>
      <p>
        <RouteLink to="/{-$lang}/forget-password">{intl.formatMessage(m.forgot)}</RouteLink>
      </p>
    </LazyDialog>
  );
}
