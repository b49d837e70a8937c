import * as v from 'valibot';
import { FIELD_RULES, type FieldIssue, type FieldRule } from './errors.ts';

/**
 * Schemas in contract/ use a FieldRule as every issue message, so one parse gives both the
 * server's 400 body and the client's inline messages.
 */
export function toFieldIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    if (seen.has(field)) continue;
    seen.add(field);
    const rule: FieldRule = (FIELD_RULES as readonly string[]).includes(issue.message)
      ? (issue.message as FieldRule)
      : issue.input === undefined || issue.input === null
        ? 'required'
        : 'format';
    out.push({ field, rule });
  }
  return out;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; fields: FieldIssue[] };

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): ParseResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? { ok: true, value: result.output } : { ok: false, fields: toFieldIssues(result.issues) };
}
