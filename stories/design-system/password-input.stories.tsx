import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { PasswordInput } from '../../src/ui/password-input.tsx';
import { PasswordMeter } from '../../src/ui/password-meter.tsx';
import { componentMeta } from '../support/usage.ts';

function NewPassword({ withMeter, initial }: { withMeter: boolean; initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <PasswordInput
      id="new-password"
      label="New password"
      hint="At least 8 characters. A few unrelated words make a strong one."
      autoComplete="new-password"
      value={value}
      onValueChange={setValue}
      after={withMeter ? <PasswordMeter password={value} userInputs={['demo_public1']} id="new-password-meter" /> : null}
    />
  );
}

const meta = {
  title: 'Design system/Components/Password input and meter',
  component: NewPassword,
  tags: ['autodocs'],
  ...componentMeta(
    {
      when: 'A password: `current-password` to sign in, `new-password` (with the strength meter after it) to create one. The meter scores 0–4 with zxcvbn, loaded on password screens only, and announces changes politely.',
      do: [
        'Let the user show the password; allow pasting (password managers).',
        'Pass the login ID, name and email as `userInputs`, so a password made of them scores weak.',
        'Say the rules in the hint, before the user types.',
      ],
      dont: [
        "Don't ask for the new password twice: showing it is the check.",
        "Don't block a weak password in the browser: the server enforces the policy and says why.",
      ],
      pattern: { name: 'Password input', href: 'https://design-system.service.gov.uk/components/password-input/' },
      usedIn: 'Log in › Log in, Sign up › Activate your account, Security › Change password, Log in › Reset your password.',
    },
  ),
  args: { withMeter: true, initial: '' },
} satisfies Meta<typeof NewPassword>;

export default meta;

export const Playground: StoryObj<typeof meta> = {
  name: 'Password input and meter · 密碼強度 · 密码强度',
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText('New password', { selector: 'input' });
    await expect(input).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.type(input, 'correct horse battery staple');
    if (args.withMeter) await expect(await canvas.findByText(/Password strength: (Strong|Very strong)/, undefined, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'demo_public1');
    if (args.withMeter) await expect(await canvas.findByText(/Password strength: (Very weak|Weak)/, undefined, { timeout: 10_000 })).toBeInTheDocument();
  },
};
