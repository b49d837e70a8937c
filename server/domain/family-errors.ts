import type { ErrorCode } from '../../contract/index.ts';
import { DomainError, type DomainErrorExtras } from './errors.ts';

/** A family refusal; its English `message` is the code's (server/domain/errors.ts `englishMessage`). */
export function familyError(code: ErrorCode, extras: DomainErrorExtras = {}): DomainError {
  return new DomainError(code, extras);
}
