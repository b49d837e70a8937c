import axe from 'axe-core';

const RULES = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] };

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

async function violationsNow(): Promise<string[]> {
  const { violations } = await axe.run(document, RULES);
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Axe's findings on the settled screen, for component tests. The screen is judged after two frames;
 * a finding is only reported when a second look a moment later finds it again, because on a busy
 * machine axe once caught a screen between two renders (a dialog being replaced, a pager between
 * pages) and measured a contrast nobody sees. A problem that stays is still reported.
 */
export async function axeViolations(): Promise<string[]> {
  await nextFrame();
  await nextFrame();
  const first = await violationsNow();
  if (first.length === 0) return first;
  await new Promise((resolve) => setTimeout(resolve, 300));
  await nextFrame();
  return violationsNow();
}
