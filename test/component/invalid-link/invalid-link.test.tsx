import { describe, expect, it } from 'vitest';
import { RESET_INVALID_TYPES } from '../../../contract/schemas/account.ts';
import { InvalidLinkPage, type InvalidLinkKind } from '../../../src/features/invalid-link/invalid-link-page.tsx';
import '../../../src/ui/global.css';
import { inLanguage } from '../support.tsx';

const TITLES: Record<InvalidLinkKind, Record<(typeof RESET_INVALID_TYPES)[number], string>> = {
  activation: {
    used: 'This activation link has already been used',
    expired: 'This activation link has expired',
    notFound: 'There is no record of this activation link',
    wrongUrl: 'The address of this activation link is wrong',
    userNotFound: 'The account of this activation link no longer exists',
  },
  buyerActivation: {
    used: 'This buyer account activation link has already been used',
    expired: 'This buyer account activation link has expired',
    notFound: 'There is no record of this buyer account activation link',
    wrongUrl: 'The address of this buyer account activation link is wrong',
    userNotFound: 'The buyer account of this link no longer exists',
  },
  reset: {
    used: 'This password reset link has already been used',
    expired: 'This password reset link has expired',
    notFound: 'There is no record of this password reset link',
    wrongUrl: 'The address of this password reset link is wrong',
    userNotFound: 'The account of this password reset link no longer exists',
  },
};

describe('invalid-link pages (SPEC §8: record not found, wrong address, user not found told apart; issue 26)', () => {
  for (const link of Object.keys(TITLES) as InvalidLinkKind[]) {
    for (const reason of RESET_INVALID_TYPES) {
      it(`shows the ${reason} page of a ${link} link with its own heading and a next step`, async () => {
        const screen = await inLanguage('en', <InvalidLinkPage link={link} reason={reason} />);
        await expect.element(screen.getByRole('heading', { level: 1, name: TITLES[link][reason] })).toBeVisible();
        expect(screen.getByRole('link').elements().length).toBeGreaterThan(0);
      });
    }
  }

  it('tells the three not-found reasons apart in Chinese too', async () => {
    const headings: string[] = [];
    for (const reason of ['notFound', 'wrongUrl', 'userNotFound'] as const) {
      const screen = await inLanguage('zh_hant', <InvalidLinkPage link="reset" reason={reason} />);
      headings.push(screen.getByRole('heading', { level: 1 }).element().textContent ?? '');
      screen.unmount();
    }
    expect(headings).toEqual(['找不到此重設密碼連結的紀錄', '此重設密碼連結的網址有誤', '此重設密碼連結的帳戶已不存在']);
  });
});
