import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { Checkbox } from '../../src/ui/checkbox.tsx';
import { CheckboxGroup } from '../../src/ui/checkbox-group.tsx';
import { RadioGroup } from '../../src/ui/radio-group.tsx';
import { componentMeta } from '../support/usage.ts';

const ROLES = [
  { value: 'parent', label: 'Parent' },
  { value: 'teacher', label: 'Teacher' },
  { value: 'student', label: 'Student' },
];

function Choices({ error }: { error: string }) {
  const [roles, setRoles] = useState<string[]>([]);
  const [gender, setGender] = useState<'female' | 'male' | 'unspecified' | null>(null);
  const [terms, setTerms] = useState(false);
  return (
    <>
      <CheckboxGroup id="roles" legend="Which of these describe you?" hint="Select all that apply." error={error || null} options={ROLES} value={roles} onValueChange={setRoles} />
      <RadioGroup
        id="gender"
        legend="Gender"
        options={[
          { value: 'female', label: 'Female' },
          { value: 'male', label: 'Male' },
          { value: 'unspecified', label: 'Prefer not to say' },
        ]}
        value={gender}
        onValueChange={setGender}
      />
      <Checkbox id="terms" label="I accept the terms of use" checked={terms} onCheckedChange={setTerms} />
    </>
  );
}

const meta = {
  title: 'Design system/Components/Checkboxes and radios',
  component: Choices,
  tags: ['autodocs'],
  ...componentMeta(
    {
      when: '`RadioGroup` when exactly one answer applies, `CheckboxGroup` when several may, `Checkbox` alone for one yes/no (accepting terms, a newsletter). Each group is a fieldset whose legend asks the question.',
      do: [
        'Ask the question in the legend; give each option a short label and, where needed, a hint.',
        'Order options as the user thinks of them (alphabetical only for long lists).',
        'Link the group\'s error to its first option: the error summary lands there.',
      ],
      dont: [
        "Don't pre-select an answer the user has to choose.",
        "Don't use a checkbox for a choice between two things: use two radios.",
      ],
      pattern: { name: 'Radios and Checkboxes', href: 'https://design-system.service.gov.uk/components/radios/' },
      usedIn: 'Profile (gender, roles), the full-member upgrade, newsletters, terms.',
    },
  ),
  args: { error: '' },
} satisfies Meta<typeof Choices>;

export default meta;

export const Playground: StoryObj<typeof meta> = {
  name: 'Checkboxes and radios · 選項 · 选项 · 複選框 · 复选框 · 單選 · 单选',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: /Which of these describe you/ })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Teacher' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Parent' }));
    await expect(canvas.getByRole('checkbox', { name: 'Teacher' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'Female' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Male' }));
    // Radios: one answer only.
    await expect(canvas.getByRole('radio', { name: 'Female' })).not.toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Male' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'I accept the terms of use' }));
    await expect(canvas.getByRole('checkbox', { name: 'I accept the terms of use' })).toBeChecked();
  },
};

export const WithError: StoryObj<typeof meta> = {
  name: 'With an error',
  args: { error: 'Select at least one role' },
  play: async ({ canvas, args }) => {
    const first = canvas.getByRole('checkbox', { name: 'Parent' });
    // The summary's link target: the first option carries the group's id.
    await expect(first).toHaveAttribute('id', 'roles');
    await expect(canvas.getByText(args.error)).toBeInTheDocument();
  },
};
