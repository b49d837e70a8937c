import { apiError, change, done, fail, type Fill, SAMPLE_PASSWORD, sampleUser } from '../model-kit.ts';

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

/**
 * The challenge's two paths for a machine whose password attempt is the actor `actor`: over the
 * account's budget the widget is solved and the same attempt sent again with its token; a token
 * that expired before the attempt was sent must be solved again.
 */
export function challengePaths(actor: string, loginId: string) {
  const submit = { type: 'form.submit' } as const;
  const refused = [change('loginId', loginId), change('password', SAMPLE_PASSWORD), submit, fail(actor, apiError('loginChallengeRequired'))] as const;
  return [
    [...refused, submit, CHALLENGE_SOLVE, submit, done(actor, { status: 'signedIn', user: sampleUser() })],
    [...refused, CHALLENGE_SOLVE, { type: 'recaptcha.expire' } as const, submit],
  ] as const;
}
