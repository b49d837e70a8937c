import axe from 'axe-core';
import type { Language } from '../../contract/languages.ts';
import { otherLanguages, showLanguage } from './languages.tsx';

/** What @storybook/addon-a11y leaves out of its run (Storybook's own chrome) and switches off. */
const EXCLUDE = ['.sb-wrapper', '#storybook-docs', '#storybook-highlights-root'];
const ADDON_DISABLED_RULES = ['region'];

/**
 * The rules a language can break on a DOM the story's own language already passed: the other
 * languages render the same elements with the same styles, so what can differ is names and
 * text (a message empty or missing in one locale) and `lang` attributes. Colour contrast and the
 * layout rules (target size, scrolling regions) are left to the addon's full run in the story's
 * own language: they cost most of axe's time, and the cost cap on the storybook project
 * (docs/decisions/storybook.md) does not leave room for them three times.
 */
export const LANGUAGE_RULES = [
  'area-alt',
  'aria-command-name',
  'aria-dialog-name',
  'aria-input-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-toggle-field-name',
  'aria-tooltip-name',
  'button-name',
  'document-title',
  'empty-heading',
  'empty-table-header',
  'frame-title',
  'html-has-lang',
  'html-lang-valid',
  'image-alt',
  'input-button-name',
  'input-image-alt',
  'label',
  'link-name',
  'object-alt',
  'role-img-alt',
  'select-name',
  'summary-name',
  'svg-img-alt',
  'valid-lang',
];

export interface A11yParameters {
  disable?: boolean;
  test?: 'off' | 'todo' | 'error';
  config?: axe.Spec;
  options?: axe.RunOptions;
}

/**
 * Axe on the story as the a11y addon runs it (same context, configuration and options, limited to
 * LANGUAGE_RULES), once in each language other than the story's own: the addon then runs every
 * rule in the own language.
 * Rejects listing each violation with its language, rule and first targets.
 */
export async function axeInOtherLanguages(own: Language, a11y: A11yParameters = {}): Promise<void> {
  if (a11y.disable === true || a11y.test === 'off') return;
  const config = a11y.config ?? {};
  const found: string[] = [];
  try {
    for (const lang of otherLanguages(own)) {
      await showLanguage(lang);
      axe.reset();
      axe.configure({ ...config, rules: [...ADDON_DISABLED_RULES.map((id) => ({ id, enabled: false })), ...(config.rules ?? [])] });
      const context = { include: document.body, exclude: EXCLUDE } as unknown as axe.ElementContext;
      const result = await axe.run(context, { ...(a11y.options ?? {}), runOnly: { type: 'rule', values: LANGUAGE_RULES }, resultTypes: ['violations'], preload: false });
      for (const violation of result.violations) {
        const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ');
        found.push(`${lang}: ${violation.id} (${violation.impact ?? 'no impact'}) ${violation.help} at ${targets}`);
      }
    }
  } finally {
    await showLanguage(null);
  }
  if (found.length > 0) throw new Error(`axe found ${found.length} violation(s) in other languages:\n${found.join('\n')}`);
}
