import * as v from 'valibot';
import { picklistArray } from './profile.ts';

/*
 * The parent profile (/profile/parent): its catalogue, form and answer. Apart from ./profile.ts so
 * that only the parent page and its calls (contract/calls/parent-profile.ts) download them.
 */

export const PARENT_INTEREST_AREAS = [
  'CHILD_DEVELOPMENT',
  'EDU_AND_CAREERS',
  'E_LEARNING',
  'PARENT_CHILD',
  'PARENT_SCH',
  'READING',
  'SELF_LEARNING',
  'SPECIAL',
] as const;

export const ParentProfileSchema = v.object({
  interests: picklistArray(PARENT_INTEREST_AREAS),
});
export type ParentProfile = v.InferInput<typeof ParentProfileSchema>;

/** GET /api/profile/parent */
export const ParentProfileDataSchema = v.object({ values: ParentProfileSchema });
export type ParentProfileData = v.InferOutput<typeof ParentProfileDataSchema>;
