import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { FieldIssue } from '../../../contract/errors.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import type { FieldWording } from '../../i18n/field-messages.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import { upgradeMessages as m } from './upgrade-messages.ts';

/*
 * A wizard step's form (machines/upgrade/wizard.ts `wizardStep`): its field problems, busy while
 * its call runs, its submit, and its error summary: a refusal with a state of its own says its
 * code's message, any other failure SPEC §8's one upgrade message, else the fields' problems.
 */

/** A refusal state of a step (tagged error, neither `invalid` nor `failed`): the code the machine kept. */
function stepRefusal(snapshot: AnyMachineSnapshot): ShownErrorCode | null {
  const refused = snapshot._nodes.some((node) => node.tags.includes('error') && node.key !== 'invalid' && node.key !== 'failed');
  return refused ? (snapshot.context as { errorCode: ShownErrorCode | null }).errorCode : null;
}

/** Any failure without a state of its own. */
function stepFailed(snapshot: AnyMachineSnapshot): boolean {
  return snapshot._nodes.some((node) => node.key === 'failed');
}

export function useWizardStep(actor: AnyActorRef, fieldWording?: FieldWording) {
  const issues = useSelector(actor, (snapshot: AnyMachineSnapshot) => (snapshot.context as { fieldErrors: FieldIssue[] }).fieldErrors);
  const busy = useSelector(actor, (snapshot: AnyMachineSnapshot) => snapshot.hasTag('busy'));
  const refusal = useSelector(actor, stepRefusal);
  const { summary, errorFor } = useFieldErrors(issues, fieldWording);
  const { attempt, onSubmit } = useSubmit(() => actor.send({ type: 'form.submit' }));
  return { busy, refusal, summary, errorFor, attempt, onSubmit };
}

/** The step's error summary (`step` is what `useWizardStep` gave), focused again on each attempt. */
export function StepErrors({ actor, step }: { actor: AnyActorRef; step: ReturnType<typeof useWizardStep> }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const failed = useSelector(actor, stepFailed);
  const holdUntil = useSelector(actor, (snapshot: AnyMachineSnapshot) => (snapshot.context as { holdUntil: string | null }).holdUntil);
  const text = failed ? intl.formatMessage(m.failed) : step.refusal ? refusalText(step.refusal, { holdUntil }) : null;
  const items = text ? [{ text }] : step.summary.map((item) => ({ ...item, fieldId: `upgrade-${item.fieldId}` }));
  return <ErrorSummary items={items} focusKey={step.attempt} />;
}
