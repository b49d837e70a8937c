import en from '../../../locales/en.json' with { type: 'json' };
import type { Evidence, Gesture } from './view-model.ts';

/** The reCAPTCHA widget as users meet it on every form behind it (the development stand-in's label). */
export const ROBOT = "I'm not a robot (development stand-in)";

/** Solving the widget, and its token lapsing (the box unticks). */
export const RECAPTCHA_ACTS = {
  'recaptcha.solve': (): readonly Gesture[] => [{ check: ROBOT }],
  'recaptcha.expire': (): readonly Gesture[] => [{ check: ROBOT, checked: false }],
};

/**
 * The refused token (`RECAPTCHA_FAILED_ROUTE`'s `editing.recaptchaFailed`): every form says it in
 * the widget's own field sentence (`field.any.recaptcha`, src/i18n/refusal-messages.ts), at the top and at the widget.
 */
const REFUSED = en['field.any.recaptcha'];
export const RECAPTCHA_REFUSED: Record<string, Evidence> = { 'editing.recaptchaFailed': [{ alert: REFUSED }, { field: ROBOT, error: REFUSED }] };
