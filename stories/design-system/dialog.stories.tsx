import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button, ButtonGroup } from '../../src/ui/button.tsx';
import { Dialog } from '../../src/ui/dialog.tsx';
import { componentMeta } from '../support/usage.ts';

function DialogExample({ tone }: { tone: 'default' | 'alert' }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Remove member
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        tone={tone}
        title="Remove Chan Siu Ming from the family?"
        description="They will no longer see the family's members. They can ask to join again with the family code."
        actions={
          <ButtonGroup>
            <Button variant="warning" onClick={() => setOpen(false)}>
              Remove
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </ButtonGroup>
        }
      />
    </>
  );
}

const meta = {
  title: 'Design system/Components/Dialog',
  component: DialogExample,
  tags: ['autodocs'],
  ...componentMeta(
    {
      when: 'A question that must be answered before going on (confirming what cannot be undone), or a short multi-step task that belongs to the page under it (the upgrade wizards). `alert` dialogs have no close button and ignore clicks outside.',
      do: [
        'Ask in the title what will happen, with the name it happens to.',
        'Put the action that does it first and "Cancel" beside it.',
        'Return focus where it was when the dialog closes (the component does).',
      ],
      dont: [
        "Don't open a dialog the user did not ask for, or one from another dialog.",
        "Don't put long forms in a dialog on a phone: use a page.",
      ],
      pattern: { name: 'Modal dialogue (GOV.UK Design System backlog)', href: 'https://design-system.service.gov.uk/community/backlog/' },
      usedIn: 'Family › Family details (remove, leave, grant admin), the student- and full-member upgrades.',
    },
    // On the docs page the open dialog stays in its own frame instead of covering the page.
    { story: { inline: false, height: '420px' } },
  ),
  args: { tone: 'default' },
  argTypes: { tone: { control: 'inline-radio', options: ['default', 'alert'] } },
} satisfies Meta<typeof DialogExample>;

export default meta;

export const Playground: StoryObj<typeof meta> = {
  name: 'Dialog · 對話框 · 对话框 · 確認 · 确认',
  play: async ({ canvas, args, canvasElement }) => {
    // The dialog renders outside the canvas, in a portal.
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole(args.tone === 'alert' ? 'alertdialog' : 'dialog', { name: /Remove Chan Siu Ming/ });
    await expect(within(dialog).queryByRole('button', { name: 'Close' }) !== null).toBe(args.tone !== 'alert');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(page.queryByRole('dialog')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove member' }));
    await expect(await page.findByRole(args.tone === 'alert' ? 'alertdialog' : 'dialog')).toBeInTheDocument();
  },
};
