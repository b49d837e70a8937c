import { expect, it } from 'vitest';
import { ErrorSummary } from '../../../src/ui/error-summary.tsx';
import '../../../src/ui/global.css';
import { inLanguage } from '../support.tsx';

it('shows a problem without a field as plain text, unlike the problems that link to their field', async () => {
  const screen = await inLanguage(
    'en',
    <ErrorSummary
      items={[
        { text: 'Enter your email address', fieldId: 'email' },
        { text: 'Something went wrong, try again later.' },
      ]}
    />,
  );
  const link = screen.getByRole('link', { name: 'Enter your email address' }).element();
  const plain = screen.getByText('Something went wrong, try again later.').element();
  const body = getComputedStyle(document.body);
  // The stylesheets arrive by script in component tests: on a busy machine the first reading can
  // come before the summary's own (a CI run read black), so each reading waits for them.
  await expect.poll(() => getComputedStyle(link).color).not.toBe(body.color);
  await expect.poll(() => getComputedStyle(plain).color).toBe(body.color);
  await expect.poll(() => getComputedStyle(plain).fontWeight).toBe(body.fontWeight);
});
