// "How to get here" on each state story, in gestures in the story's language (issue 24, item 4);
// every state of every flow is worded in test/unit/gen-stories.test.ts, beside the other per-state checks.
import { describe, expect, it } from 'vitest';
import { machineModels } from '../../machines/index.ts';
import { shortestPathTo } from '../support/graph.ts';
import { viewModels } from '../view/models/index.ts';
import { viewSteps } from '../view/support/describe.ts';
import { quoteIn, withoutArguments } from '../view/support/text.ts';

describe('how to get here', () => {
  it('quotes a label in each language, with arguments shown as …', () => {
    expect(withoutArguments('Resend in {seconds, plural, one {# second} other {# seconds}}')).toBe('Resend in …');
    expect(quoteIn('Log in', 'en')).toBe('‘Log in’');
    expect(quoteIn('Log in', 'zh_hant')).toMatch(/^「[^‘’{}]+」$/);
    expect(quoteIn('no such message, quoted as written', 'zh_hans')).toBe('“no such message, quoted as written”');
    expect(quoteIn(/^Remove\s+Mama Chan$/u, 'en')).toBe('‘Remove Mama Chan’');
    expect(quoteIn(/^(a|b)$/, 'en')).toBe('‘a / b’');
    expect(quoteIn(/^(a|b+)$/, 'en')).toBe('/^(a|b+)$/');
  });

  it("writes the OTP login's held state in Traditional Chinese gestures", () => {
    const model = machineModels.otpLogin;
    const steps = viewSteps(viewModels.otpLogin!, shortestPathTo(model, 'held'), 'zh_hant');
    expect(steps[0]!.gesture).toBe('打開頁面');
    expect(steps.some((step) => step.gesture.startsWith('按「'))).toBe(true);
    expect(steps.some((step) => step.gesture === '（伺服器回覆）sendCode 被拒：otpHeld（429）' || /被拒：otpHeld/.test(step.gesture))).toBe(true);
  });
});
