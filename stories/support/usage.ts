/**
 * The usage notes of a design-system component (issue 24): when to use it, do and don't, and the
 * GOV.UK Design System pattern it follows, written as the docs page's description so a designer
 * reads them above the component's controls.
 */
export interface Usage {
  /** What it is for, in a sentence or two. */
  when: string;
  do: readonly string[];
  dont: readonly string[];
  /** The GOV.UK Design System component or pattern it follows, and its address. */
  pattern: { name: string; href: string };
  /** Where the app uses it, for finding it in the screens' stories. */
  usedIn?: string;
}

export function usageNotes(usage: Usage): string {
  return [
    usage.when,
    '',
    '**Do**',
    '',
    ...usage.do.map((line) => `- ${line}`),
    '',
    "**Don't**",
    '',
    ...usage.dont.map((line) => `- ${line}`),
    '',
    `Follows the GOV.UK Design System's [${usage.pattern.name}](${usage.pattern.href}).`,
    ...(usage.usedIn ? ['', `Used in: ${usage.usedIn}`] : []),
  ].join('\n');
}

/**
 * Component stories show fixed English samples: one language, no messages for the extra
 * language passes to switch (docs/decisions/storybook.md), and the docs page with its notes.
 * Storybook's search reads names and titles, not tags: each component's main story carries its
 * Chinese names in its (static) name, so 按鈕 or 密碼 finds it. The `autodocs` tag has to be
 * written in each meta itself: the indexer reads tags statically, not from this spread.
 */
export function componentMeta(usage: Usage, docs: Record<string, unknown> = {}) {
  return {
    globals: { locale: 'en' },
    parameters: { languages: 'own', docs: { ...docs, description: { component: usageNotes(usage) } } },
  };
}
