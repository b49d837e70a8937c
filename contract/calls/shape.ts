import type * as v from 'valibot';

/**
 * Ties an answer's schema to the interface the code already uses: `shaped<User>()(v.object(…))`
 * fails to compile when the schema's output is not a `User`, so the two cannot drift.
 */
export function shaped<T>() {
  return <S extends v.GenericSchema<unknown, T>>(schema: S): S => schema;
}
