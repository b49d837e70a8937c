import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { AccountCategory } from '../../../contract/constants.ts';
import { ProfileMenu } from '../../../src/features/profile/profile-menu.tsx';
import { permissionsFor } from '../../../server/domain/permissions.ts';
import { I18nProvider } from '../../../src/i18n/i18n-provider.tsx';
import { loadMessages } from '../../../src/i18n/messages.ts';
import '../../../src/ui/global.css';

async function menuOf(category: AccountCategory) {
  const messages = await loadMessages('en');
  return render(
    <I18nProvider lang="en" messages={messages}>
      <ProfileMenu permissions={permissionsFor(category, { schoolAllowsQrLogin: null })} category={category} />
    </I18nProvider>,
  );
}

describe('profile menu: Account Association (SPEC §6, full members only)', () => {
  it('is a link to /profile/association for full members', async () => {
    await menuOf('FULL_MEMBER');
    const link = page.getByRole('navigation', { name: 'Profile menu' }).getByRole('link', { name: 'Account Association' });
    await expect.element(link).toBeVisible();
    await expect.element(link).toHaveAttribute('href', '/en/profile/association');
  });

  it.each(['PUBLIC', 'STUDENT', 'STUDENT_MEMBER', 'SCHOOL_BASED_TEACHER', 'SCHOOL_ADMINISTRATOR'] as const)('is not shown to %s accounts', async (category) => {
    await menuOf(category);
    await expect.element(page.getByRole('link', { name: 'Change password' })).toBeVisible();
    await expect.element(page.getByText('Account Association')).not.toBeInTheDocument();
  });
});
