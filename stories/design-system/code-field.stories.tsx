import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { CodeField } from '../../src/ui/code-field.tsx';
import { componentMeta } from '../support/usage.ts';

function Controlled({ error, extraHint }: { error: string; extraHint: string }) {
  const [value, setValue] = useState('');
  return <CodeField id="code" value={value} onValueChange={setValue} error={error || undefined} extraHint={extraHint || undefined} />;
}

const meta = {
  title: 'Design system/Components/Code field',
  component: Controlled,
  tags: ['autodocs'],
  ...componentMeta(
    {
      when: 'The six-digit code from an email or SMS (one-time password, two-factor link, upgrade code, mobile verification). One input, cleaned as the user types or pastes.',
      do: [
        'Say where the code was sent and for how long it works, in `extraHint`.',
        'Accept "123 456", "123-456" and full-width digits from a Chinese input method: the field cleans them.',
        'Offer "Send the code again" as a link-style button under it.',
      ],
      dont: [
        "Don't split the code into six boxes, or use `type=\"number\"`.",
        "Don't set `maxlength`: a pasted code with a space would be cut.",
      ],
      pattern: { name: 'Confirm a phone number (security codes)', href: 'https://design-system.service.gov.uk/patterns/confirm-a-phone-number/' },
      usedIn: 'Log in › Log in with a one-time password, Profile › Verify your mobile number, the upgrade dialogs.',
    },
  ),
  args: { error: '', extraHint: 'We sent it to p•••@demo.test. It works for 10 minutes.' },
} satisfies Meta<typeof Controlled>;

export default meta;

export const Playground: StoryObj<typeof meta> = {
  name: 'Code field · 驗證碼 · 验证码 · 一次性密碼 · 一次性密码',
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox');
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    // A pasted code with a space, and full-width digits, arrive as six ASCII digits.
    await userEvent.click(input);
    await userEvent.paste('123 456');
    await expect(input).toHaveValue('123456');
    await userEvent.clear(input);
    await userEvent.type(input, '１２３４５６');
    await expect(input).toHaveValue('123456');
  },
};
