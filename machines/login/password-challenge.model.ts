import type { Fill } from '../model-kit.ts';

/** The sample token of the challenge's widget (password-challenge.ts). */
export const CHALLENGE_TOKEN = 'recaptcha-sample-token';

export const CHALLENGE_SOLVE = { type: 'recaptcha.solve', token: CHALLENGE_TOKEN } as const;

/**
 * Solving the widget, as a fill of `fillInOrder`: needed only once the server asked for the
 * challenge (before that it counts as filled, so simple paths do not solve a widget not shown).
 */
export const CHALLENGE_FILL: Fill<typeof CHALLENGE_SOLVE> = {
  event: CHALLENGE_SOLVE,
  filled: (snapshot) => {
    const context = snapshot.context as { challenged?: boolean; recaptcha?: string };
    return context.challenged !== true || context.recaptcha === CHALLENGE_TOKEN;
  },
};
