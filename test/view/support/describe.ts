import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ApiError } from '../../../contract/api-error.ts';
import type { Language } from '../../../contract/languages.ts';
import { describeEvent, stateLabel, type ModelPath } from '../../support/graph.ts';
import { quoteIn } from './text.ts';
import { evidenceAt, gesturesFor, isUserEvent, type Gesture, type Sight, type Text, type ViewModel } from './view-model.ts';

/** The words of a path's steps in one language: English for testers, the story's in Storybook's captions. */
interface Words {
  open: string;
  press: (label: string) => string;
  clear: (label: string) => string;
  fill: (label: string, value: string) => string;
  choose: (label: string) => string;
  tick: (label: string, on: boolean) => string;
  toggle: (label: string) => string;
  select: (option: string, label: string) => string;
  upload: (file: string, label: string) => string;
  key: (key: string) => string;
  then: string;
  server: (answer: string) => string;
  succeeds: (actor: string) => string;
  refused: (actor: string, code: string, status: number) => string;
  timer: (timer: string) => string;
  app: (event: string) => string;
  nothing: (event: string) => string;
}

const WORDS: Record<Language, Words> = {
  en: {
    open: 'Open the page',
    press: (label) => `Press ${label}`,
    clear: (label) => `Clear ${label}`,
    fill: (label, value) => `Fill ${label} with ‘${value}’`,
    choose: (label) => `Choose ${label}`,
    tick: (label, on) => `${on ? 'Tick' : 'Untick'} ${label}`,
    toggle: (label) => `Tick or untick ${label}`,
    select: (option, label) => `Select ${option} in ${label}`,
    upload: (file, label) => `Choose the file ‘${file}’ in ${label}`,
    key: (key) => `Press the ${key} key`,
    then: ', then ',
    server: (answer) => `(The server answers) ${answer}`,
    succeeds: (actor) => `${actor} succeeds`,
    refused: (actor, code, status) => `${actor} fails: ${code} (${status})`,
    timer: (timer) => `(Wait for the timer) ${timer}`,
    app: (event) => `(The app sends) ${event}`,
    nothing: (event) => `(nothing to do for ${event})`,
  },
  zh_hant: {
    open: '打開頁面',
    press: (label) => `按${label}`,
    clear: (label) => `清除${label}`,
    fill: (label, value) => `在${label}輸入「${value}」`,
    choose: (label) => `選擇${label}`,
    tick: (label, on) => `${on ? '剔選' : '取消剔選'}${label}`,
    toggle: (label) => `剔選或取消剔選${label}`,
    select: (option, label) => `在${label}選擇${option}`,
    upload: (file, label) => `在${label}選擇檔案「${file}」`,
    key: (key) => `按 ${key} 鍵`,
    then: '，然後',
    server: (answer) => `（伺服器回覆）${answer}`,
    succeeds: (actor) => `${actor} 成功`,
    refused: (actor, code, status) => `${actor} 被拒：${code}（${status}）`,
    timer: (timer) => `（等候計時）${timer}`,
    app: (event) => `（程式自行發出）${event}`,
    nothing: (event) => `（${event} 無須操作）`,
  },
  zh_hans: {
    open: '打开页面',
    press: (label) => `按${label}`,
    clear: (label) => `清除${label}`,
    fill: (label, value) => `在${label}输入“${value}”`,
    choose: (label) => `选择${label}`,
    tick: (label, on) => `${on ? '勾选' : '取消勾选'}${label}`,
    toggle: (label) => `勾选或取消勾选${label}`,
    select: (option, label) => `在${label}选择${option}`,
    upload: (file, label) => `在${label}选择文件“${file}”`,
    key: (key) => `按 ${key} 键`,
    then: '，然后',
    server: (answer) => `（服务器回复）${answer}`,
    succeeds: (actor) => `${actor} 成功`,
    refused: (actor, code, status) => `${actor} 被拒：${code}（${status}）`,
    timer: (timer) => `（等待计时）${timer}`,
    app: (event) => `（程序自行发出）${event}`,
    nothing: (event) => `（${event} 无须操作）`,
  },
};

/** "How to get here", in each language: the heading of a story caption's steps. */
export const HOW_TO_GET_HERE: Record<Language, string> = { en: 'How to get here', zh_hant: '如何到達這個狀態', zh_hans: '如何到达这个状态' };

/** A gesture as a tester reads it: `Fill ‘Login ID’ with ‘demo’` (labels in `lang`: `在「登入名稱」輸入「demo」`). */
export function describeGesture(gesture: Gesture, lang: Language = 'en'): string {
  const w = WORDS[lang];
  const q = (text: Text) => quoteIn(text, lang);
  if ('click' in gesture) return w.press(q(gesture.click));
  if ('fill' in gesture) return gesture.value === '' ? w.clear(q(gesture.fill)) : w.fill(q(gesture.fill), gesture.value);
  if ('choose' in gesture) return w.choose(q(gesture.choose));
  if ('check' in gesture) return w.tick(q(gesture.check), gesture.checked !== false);
  if ('toggle' in gesture) return w.toggle(q(gesture.toggle));
  if ('select' in gesture) return w.select(q(gesture.option), q(gesture.select));
  if ('upload' in gesture) return w.upload(gesture.file, q(gesture.upload));
  return w.key(gesture.press);
}

/** A sight as a tester reads it: `See the alert ‘…’` (a message's arguments as `…`, a pattern as its text where it is plain). */
export function describeSight(sight: Sight): string {
  const quote = (text: Text) => quoteIn(text, 'en');
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

/** A faked answer in few words: `login succeeds`, `login fails: otpHeld (429)` (English keeps a hold's time and the fields). */
function describeAnswer(event: EventObject, lang: Language): string {
  const [, kind, actor] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
  // The answer's data is in the JSON export (`answer.output`), not cut short in the words.
  if (kind === 'done') return WORDS[lang].succeeds(actor!);
  const error = (event as EventObject & { error?: unknown }).error;
  if (lang !== 'en' && error instanceof ApiError) return WORDS[lang].refused(actor!, error.code, error.status);
  return describeEvent(event);
}

function describeStep(viewModel: ViewModel, event: EventObject, before: AnyMachineSnapshot, lang: Language): string {
  const w = WORDS[lang];
  if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) return w.server(describeAnswer(event, lang));
  if (event.type.startsWith('xstate.after.')) return w.timer(event.type.split('.')[2] ?? event.type);
  if (!isUserEvent(event, viewModel)) return w.app(describeEvent(event));
  const gestures = gesturesFor(viewModel, event, before);
  if (gestures === null) return w.app(describeEvent(event));
  return gestures.map((gesture) => describeGesture(gesture, lang)).join(w.then) || w.nothing(describeEvent(event));
}

/** One step of a view path: what to do (the first: open the page), what to see then, and the state reached. */
export interface ViewStep {
  gesture: string;
  sights: string[];
  state: string;
}

/** The steps of a view path in words, gestures in `lang` (English by default, as `npm run paths` prints them). */
export function viewSteps(viewModel: ViewModel, path: ModelPath, lang: Language = 'en'): ViewStep[] {
  return path.steps.map((step, index) => ({
    gesture: index === 0 ? WORDS[lang].open : describeStep(viewModel, step.event, path.steps[index - 1]!.state, lang),
    sights: evidenceAt(viewModel, step.state).entries.flatMap(([, evidence]) => evidence.map(describeSight)),
    state: stateLabel(step.state),
  }));
}

/** A view path as numbered steps a tester can follow by hand, each with what to see after it. */
export function describeViewPath(viewModel: ViewModel, path: ModelPath): string {
  return viewSteps(viewModel, path)
    .map((step, index) => `${index === 0 ? '' : `${index}. `}${step.gesture}. ${step.sights.join('; ')} [${step.state}]`)
    .join('\n');
}
