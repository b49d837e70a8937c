import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { describeEvent, stateLabel, type ModelPath } from '../../support/graph.ts';
import { quote } from './text.ts';
import { evidenceAt, gesturesFor, isUserEvent, type Gesture, type Sight, type ViewModel } from './view-model.ts';

/** A gesture as a tester reads it: `Fill ‘Login ID’ with ‘demo’`. */
export function describeGesture(gesture: Gesture): string {
  if ('click' in gesture) return `Press ${quote(gesture.click)}`;
  if ('fill' in gesture) return gesture.value === '' ? `Clear ${quote(gesture.fill)}` : `Fill ${quote(gesture.fill)} with ‘${gesture.value}’`;
  if ('choose' in gesture) return `Choose ${quote(gesture.choose)}`;
  if ('check' in gesture) return `${gesture.checked === false ? 'Untick' : 'Tick'} ${quote(gesture.check)}`;
  if ('toggle' in gesture) return `Tick or untick ${quote(gesture.toggle)}`;
  if ('select' in gesture) return `Select ${quote(gesture.option)} in ${quote(gesture.select)}`;
  if ('upload' in gesture) return `Choose the file ‘${gesture.file}’ in ${quote(gesture.upload)}`;
  return `Press the ${gesture.press} key`;
}

/** A sight as a tester reads it: `See the alert ‘…’`. */
export function describeSight(sight: Sight): string {
  if ('heading' in sight) return `See the heading ${quote(sight.heading)}`;
  if ('text' in sight) return `See ${quote(sight.text)}`;
  if ('alert' in sight) return `See the message ${quote(sight.alert)}`;
  if ('field' in sight) return `See ${quote(sight.error)} at the field ${quote(sight.field)}`;
  if ('invalid' in sight) return `See the field ${quote(sight.invalid)} marked in error`;
  if ('button' in sight) return `See the button ${quote(sight.button)}`;
  if ('dialog' in sight) return `See the dialog ${quote(sight.dialog)}`;
  if ('busy' in sight) return sight.busy === true ? 'See it busy' : `See it busy: ${quote(sight.busy)}`;
  return `Do not see ${quote(sight.absent)}`;
}

function describeStep(viewModel: ViewModel, event: EventObject, before: AnyMachineSnapshot): string {
  if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) return `(The server answers) ${describeEvent(event)}`;
  if (event.type.startsWith('xstate.after.')) return `(Wait for the timer) ${event.type.split('.')[2] ?? event.type}`;
  if (!isUserEvent(event, viewModel)) return `(The app sends) ${describeEvent(event)}`;
  const gestures = gesturesFor(viewModel, event, before);
  if (gestures === null) return `(The app sends) ${describeEvent(event)}`;
  return gestures.map(describeGesture).join(', then ') || `(nothing to do for ${describeEvent(event)})`;
}

function describeEvidence(viewModel: ViewModel, snapshot: AnyMachineSnapshot): string {
  const sights = evidenceAt(viewModel, snapshot).entries.flatMap(([, evidence]) => evidence.map(describeSight));
  return `${sights.join('; ')} [${stateLabel(snapshot)}]`;
}

/** A view path as numbered steps a tester can follow by hand, each with what to see after it. */
export function describeViewPath(viewModel: ViewModel, path: ModelPath): string {
  const [first, ...rest] = path.steps;
  const lines = first ? [`Open the page. ${describeEvidence(viewModel, first.state)}`] : [];
  rest.forEach((step, index) => {
    lines.push(`${index + 1}. ${describeStep(viewModel, step.event, path.steps[index]!.state)}. ${describeEvidence(viewModel, step.state)}`);
  });
  return lines.join('\n');
}
