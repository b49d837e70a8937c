import { expect, waitFor, within } from 'storybook/test';
import type { Language } from '../../contract/languages.ts';
import { exactly, within as containing } from '../../test/view/support/text.ts';
import type { Evidence, Sight } from '../../test/view/support/view-model.ts';

/**
 * A view model's sights asserted with Testing Library, as stories' `play` functions can: the same
 * evidence the view paths assert in test/view (there with Vitest's locators), in the language of
 * the story. Queries run over the whole document, since dialogs render outside the canvas.
 */
const SETTLE = { timeout: 5_000 };
/** Text queries skip the story's caption (stories/support/state-caption.tsx): it names states, not what a user sees. */
const IGNORE = 'script, style, [data-story-caption], [data-story-caption] *';

function descriptionOf(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function expectSight(sight: Sight, lang: Language): Promise<void> {
  const screen = within(document.body);
  if ('heading' in sight) {
    await screen.findAllByRole('heading', { name: exactly(sight.heading, lang) }, SETTLE);
  } else if ('text' in sight) {
    await screen.findAllByText(containing(sight.text, lang), { ignore: IGNORE }, SETTLE);
  } else if ('alert' in sight) {
    const text = containing(sight.alert, lang);
    await waitFor(() => {
      const live = [...screen.queryAllByRole('alert'), ...screen.queryAllByRole('status')];
      expect(live.some((element) => text.test(element.textContent ?? ''))).toBe(true);
    }, SETTLE);
  } else if ('field' in sight) {
    const error = containing(sight.error, lang);
    const label = exactly(sight.field, lang);
    await waitFor(() => expect(screen.getAllByLabelText(label).some((field) => error.test(descriptionOf(field)))).toBe(true), SETTLE);
  } else if ('invalid' in sight) {
    const label = exactly(sight.invalid, lang);
    await waitFor(() => expect(screen.getAllByLabelText(label).some((field) => field.getAttribute('aria-invalid') === 'true')).toBe(true), SETTLE);
  } else if ('button' in sight) {
    await screen.findAllByRole('button', { name: exactly(sight.button, lang) }, SETTLE);
  } else if ('dialog' in sight) {
    const name = exactly(sight.dialog, lang);
    await waitFor(() => expect([...screen.queryAllByRole('dialog', { name }), ...screen.queryAllByRole('alertdialog', { name })].length).toBeGreaterThan(0), SETTLE);
  } else if ('busy' in sight) {
    const text = sight.busy === true ? null : containing(sight.busy, lang);
    const selector = text === null ? '[aria-busy="true"], [role="progressbar"]' : '[aria-busy="true"], [role="progressbar"], [role="status"]';
    await waitFor(() => expect([...document.querySelectorAll(selector)].some((element) => text === null || text.test(element.textContent ?? ''))).toBe(true), SETTLE);
  } else {
    const text = containing(sight.absent, lang);
    await waitFor(() => expect(screen.queryAllByText(text, { ignore: IGNORE })).toHaveLength(0), SETTLE);
  }
}

/** Asserts every sight of the entries; rejects naming the state and the sight that did not show. */
export async function expectEvidence(entries: ReadonlyArray<readonly [state: string, evidence: Evidence]>, lang: Language): Promise<void> {
  for (const [state, evidence] of entries) {
    for (const sight of evidence) {
      try {
        await expectSight(sight, lang);
      } catch (error) {
        throw new Error(`${state}: ${JSON.stringify(sight)} does not show (${lang})`, { cause: error });
      }
    }
  }
}
