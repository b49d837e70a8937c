import { useState } from 'react';
import { expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Button } from '../../../src/ui/button.tsx';
import { Dialog } from '../../../src/ui/dialog.tsx';
import '../../../src/ui/global.css';
import { inLanguage } from '../support.tsx';

function TallPage() {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ height: '300vh' }}>
      <Button onClick={() => setOpen(true)}>Upgrade</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Upgrade">
        <p>Step 1 of 3</p>
      </Dialog>
    </div>
  );
}

// Radix's dialog takes its page lock from src/ui/remove-scroll.tsx (vite.config.ts aliases
// react-remove-scroll there): with the library, the root's own overflow stayed as it was.
it('locks the page behind an open dialog and gives it back on close, with the scrollbar width kept', async () => {
  const root = document.documentElement;
  const screen = await inLanguage('en', <TallPage />);
  const scrollbar = window.innerWidth - root.clientWidth;
  await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
  await expect.element(screen.getByRole('dialog', { name: 'Upgrade' })).toBeVisible();
  expect(getComputedStyle(root).overflow).toBe('hidden');
  expect(root.style.paddingRight).toBe(scrollbar > 0 ? `${scrollbar}px` : '');
  await userEvent.keyboard('{Escape}');
  await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
  expect(root.style.overflow).toBe('');
  expect(root.style.paddingRight).toBe('');
});
