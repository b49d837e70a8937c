import type { ComponentType, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, expect } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { fromPromise, type AnyActorRef } from 'xstate';
import { HTML_LANG, type Language } from '../../contract/languages.ts';
import type { MachineModel } from '../../machines/model-kit.ts';
import { I18nProvider } from '../../src/i18n/i18n-provider.tsx';
import { loadMessages, type Messages } from '../../src/i18n/messages.ts';
import { actorAt, reachableStates, shortestPathTo } from '../support/graph.ts';

/** Renders `ui` with the messages of `lang`, as the app's language layout does. */
export async function inLanguage(lang: Language, ui: ReactNode) {
  const messages = await loadMessages(lang);
  return render(
    <I18nProvider lang={lang} messages={messages}>
      {ui}
    </I18nProvider>,
  );
}

/** A call's actor that answers as `answer` says, recording in `sent` every input it was sent. */
export function recordedCall<Output, Input>(answer: (input: Input) => Promise<Output>) {
  const sent: Input[] = [];
  const actor = fromPromise<Output, Input>(({ input }) => {
    sent.push(input);
    return answer(input);
  });
  return { actor, sent };
}

/**
 * Renders `View` in every reachable state of `model` in zh_hant with only `messages` (what the app
 * has downloaded), and names each message the view asked for that was not among them.
 */
export async function missingMessagesInEveryState(model: MachineModel, View: ComponentType<{ actor: AnyActorRef }>, messages: Messages): Promise<string[]> {
  const missing = new Set<string>();
  for (const state of reachableStates(model)) {
    const actor = actorAt(model, shortestPathTo(model, state));
    const screen = await render(
      <IntlProvider
        locale={HTML_LANG.zh_hant}
        defaultLocale="en"
        messages={messages}
        onError={(error) => {
          if (error.code === 'MISSING_TRANSLATION') missing.add(`${state}: ${error.message}`);
        }}
      >
        <View actor={actor} />
      </IntlProvider>,
    );
    await screen.unmount();
    actor.stop();
  }
  return [...missing];
}

/** A list of stops (actors a test started) that an `afterEach` of the calling file runs and empties. */
export function stoppedAfterEach(): Array<() => void> {
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });
  return stops;
}

/**
 * From the field before it, tabs to the new password, types `password` there and (past its
 * show/hide button) in the confirmation, and submits with Enter: the keyboard-only way through.
 */
export async function enterNewPasswordByKeyboard(password: string) {
  await userEvent.tab();
  expect(document.activeElement?.id).toBe('newPassword');
  await userEvent.keyboard(password);
  await userEvent.tab();
  await userEvent.tab();
  expect(document.activeElement?.id).toBe('confirmNewPassword');
  await userEvent.keyboard(`${password}{Enter}`);
}
