import { beforeAll, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createActor, fromPromise } from 'xstate';
import type { MobileSendCodeRequest, MobileSendCodeResult, MobileVerifyRequest, MobileVerifyResult } from '../../../contract/schemas/verification.ts';
import { SAMPLE_NOW, sampleNow } from '../../../machines/family/family-join.model.ts';
import { mobileVerificationMachine } from '../../../machines/mobile-verification/mobile-verification.machine.ts';
import { apiError, SAMPLE_HOLD_UNTIL } from '../../../machines/model-kit.ts';
import { CALLING_CODES } from '../../../src/features/mobile-verification/calling-codes.ts';
import { loadPhoneRules } from '../../../src/features/mobile-verification/phone.ts';
import { buildCallingCodes, isMobileNumber } from '../../../src/features/mobile-verification/phone-rules.ts';
import { withMobileNumberCheck } from '../../../src/features/mobile-verification/mobile-number-check.ts';
import { MobileVerificationView } from '../../../src/features/mobile-verification/mobile-verification-view.tsx';
import '../../../src/ui/global.css';
import { inLanguage } from '../support.tsx';

const SENT: MobileSendCodeResult = {
  resendAt: new Date(SAMPLE_NOW + 60_000).toISOString(),
  expiresAt: new Date(SAMPLE_NOW + 5 * 60_000).toISOString(),
};

/** The page's machine (with its mobile-number rule) on fake calls that answer as told, recording what they were sent. */
function start(answers: { send?: () => Promise<MobileSendCodeResult>; verify?: (request: MobileVerifyRequest) => Promise<MobileVerifyResult> } = {}) {
  const sent: MobileSendCodeRequest[] = [];
  const machine = withMobileNumberCheck(
    mobileVerificationMachine.provide({
      actors: {
        sendCode: fromPromise<MobileSendCodeResult, MobileSendCodeRequest>(({ input }) => {
          sent.push(input);
          return answers.send ? answers.send() : Promise.resolve(SENT);
        }),
        verifyCode: fromPromise<MobileVerifyResult, MobileVerifyRequest>(({ input }) =>
          answers.verify ? answers.verify(input) : Promise.resolve({ countryCode: input.countryCode, mobile: input.mobile, verified: true }),
        ),
      },
    }),
  );
  const actor = createActor(machine, { input: { lang: 'en', now: sampleNow } }).start();
  return { actor, sent };
}

// The page loads libphonenumber-js's rules on the user's first act; these tests start with them loaded.
beforeAll(async () => {
  await loadPhoneRules();
});

describe('calling codes', () => {
  it('offers every calling code of the metadata once: 852, 853, 86, 886 first, then ascending', () => {
    const codes = CALLING_CODES.map((entry) => entry.code);
    expect(codes.slice(0, 4)).toEqual(['852', '853', '86', '886']);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(200);
    const rest = codes.slice(4).map(Number);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
    expect(CALLING_CODES.find((entry) => entry.code === '1')?.regions[0]).toBe('US');
    // The page's table is the metadata's (npm run calling-codes rewrites it after an upgrade).
    expect(CALLING_CODES).toEqual(buildCallingCodes());
  });

  it('knows mobiles from fixed lines per calling code', () => {
    expect(isMobileNumber('852', '91234567')).toBe(true);
    expect(isMobileNumber('852', '21234567')).toBe(false);
    expect(isMobileNumber('853', '66123456')).toBe(true);
    expect(isMobileNumber('86', '13812345678')).toBe(true);
    expect(isMobileNumber('853', '91234567')).toBe(false);
  });
});

describe('MobileVerificationView', () => {
  it('labels each code with its region in the page language', async () => {
    const { actor } = start();
    const screen = await inLanguage('zh_hant', <MobileVerificationView actor={actor} />);
    const select = screen.getByLabelText('國家或地區代碼').element() as HTMLSelectElement;
    expect(select.value).toBe('852');
    expect(select.options[0]?.textContent).toBe('+852 香港');
    expect(select.options[1]?.textContent).toMatch(/^\+853 澳門/);
  });

  it('refuses a fixed-line number at the field and in the summary without sending anything', async () => {
    const { actor, sent } = start();
    const screen = await inLanguage('en', <MobileVerificationView actor={actor} />);
    await userEvent.type(screen.getByLabelText('Mobile number'), '21234567');
    await screen.getByRole('button', { name: 'Send code' }).click();
    const summary = screen.getByRole('alert');
    await expect.element(summary).toHaveFocus();
    await expect.poll(() => summary.element().textContent).toContain('This is not a mobile number of the chosen country or region.');
    expect(summary.element().querySelector('a')?.getAttribute('href')).toBe('#mobile');
    expect(screen.getByLabelText('Mobile number').element().getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('sends the code, counts down from the server times, and says a wrong code is wrong at the field', async () => {
    const { actor, sent } = start({ verify: () => Promise.reject(apiError('codeWrong')) });
    const screen = await inLanguage('en', <MobileVerificationView actor={actor} />);
    await userEvent.type(screen.getByLabelText('Mobile number'), '91234567');
    await screen.getByRole('button', { name: 'Send code' }).click();
    await expect.element(screen.getByText('We sent a six-digit code to +852 9123 4567.')).toBeVisible();
    expect(sent).toEqual([{ countryCode: '852', mobile: '91234567', lang: 'en' }]);
    await expect.element(screen.getByText('The six digits in the SMS. The code expires in 5:00.')).toBeVisible();
    await expect.element(screen.getByText('You can ask for a new code in 1:00.')).toBeVisible();

    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await screen.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => screen.getByRole('alert').element().textContent).toContain('The verification code is wrong.');
    expect(screen.getByLabelText('Verification code').element().getAttribute('aria-invalid')).toBe('true');
  });

  it('says when codes are held, with the time', async () => {
    const { actor } = start({ verify: () => Promise.reject(apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })) });
    const screen = await inLanguage('en', <MobileVerificationView actor={actor} />);
    await userEvent.type(screen.getByLabelText('Mobile number'), '91234567');
    await screen.getByRole('button', { name: 'Send code' }).click();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await screen.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.element(screen.getByRole('heading', { name: 'Please wait before trying again' })).toBeVisible();
    expect(screen.getByRole('status').element().textContent).toMatch(/Too many incorrect attempts\. Please try again after .*2026/);
  });

  it('shows the verified number from the profile', async () => {
    const { actor } = start();
    const screen = await inLanguage('en', <MobileVerificationView actor={actor} current={{ countryCode: '853', mobile: '66123456', verified: true }} />);
    await expect.element(screen.getByText('Your verified mobile number: +853 6612 3456')).toBeVisible();
  });
});
