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
  expect(getComputedStyle(plain).color).toBe(body.color);
  expect(getComputedStyle(plain).fontWeight).toBe(body.fontWeight);
  expect(getComputedStyle(link).color).not.toBe(body.color);
});
