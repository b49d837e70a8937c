import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { TextInput, type TextInputProps } from '../../src/ui/text-input.tsx';
import { componentMeta } from '../support/usage.ts';

/** The input holds what is typed, as a form's machine would. */
function Controlled(props: Omit<TextInputProps, 'value' | 'onValueChange'> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return <TextInput {...rest} value={value} onValueChange={setValue} />;
}

const meta = {
  title: 'Design system/Components/Text input',
  component: Controlled,
  tags: ['autodocs'],
  ...componentMeta(
    {
      when: 'One line of text the user types: a login ID, an email, a name, a number. `Field` lays out any control the same way (label, hint, error, control); `TextInput` is that field with an input.',
      do: [
        'Label every input with a visible label above it; put format help in the hint, not the placeholder.',
        'Size it to the answer (`width` 10, 20 or 30 characters): the box hints at the expected length.',
        'Set `autoComplete`, `inputMode` and `type` for what is asked (email, one-time-code, numeric), so phones offer the right keyboard.',
        'Show the error above the input, saying how to fix it, and the same text in the error summary.',
      ],
      dont: [
        "Don't use a placeholder as a label, or disable pasting.",
        "Don't validate while the user is still typing: check on submit.",
        "Don't use `type=\"number\"` for codes or phone numbers (leading zeros go, spinners appear).",
      ],
      pattern: { name: 'Text input', href: 'https://design-system.service.gov.uk/components/text-input/' },
      usedIn: 'Log in, Sign up, Profile, Family › Join a family.',
    },
  ),
  args: { id: 'login-id', label: 'Login ID', hint: 'The ID you chose when you registered.', error: '', width: 20, initial: '' },
  argTypes: { width: { control: 'inline-radio', options: [10, 20, 30] } },
} satisfies Meta<typeof Controlled>;

export default meta;

export const Playground: StoryObj<typeof meta> = {
  name: 'Text input · 輸入框 · 输入框 · 表單 · 表单',
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText(String(args.label));
    await userEvent.clear(input);
    await userEvent.type(input, 'demo_public1');
    await expect(input).toHaveValue('demo_public1');
    // The hint and the error are read out with the input.
    const described = input.getAttribute('aria-describedby') ?? '';
    await expect(described.includes(`${args.id}-hint`)).toBe(Boolean(args.hint));
    await expect(described.includes(`${args.id}-error`)).toBe(Boolean(args.error));
  },
};

export const WithError: StoryObj<typeof meta> = {
  name: 'With an error',
  args: { id: 'email', label: 'Email address', hint: undefined, error: 'Enter an email address in the correct format, like name@example.com', width: 30, initial: 'name@' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText(String(args.label));
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(expect.stringContaining(String(args.error)));
  },
};
