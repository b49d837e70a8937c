import type { ReactNode } from 'react';
import { render } from 'vitest-browser-react';
import { fromPromise } from 'xstate';
import type { Language } from '../../contract/languages.ts';
import { I18nProvider } from '../../src/i18n/i18n-provider.tsx';
import { loadMessages } from '../../src/i18n/messages.ts';

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
