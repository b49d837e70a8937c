import * as v from 'valibot';

/**
 * `?token=` of an emailed verification link. The router reads query values as JSON where they
 * parse, so a token that looks like a number arrives as one and is taken back as text; anything
 * else unusable reads as no token (the page then shows the invalid link without a call).
 */
export const VerifySearchSchema = v.object({
  token: v.fallback(v.optional(v.union([v.string(), v.pipe(v.number(), v.transform(String))])), undefined),
});
