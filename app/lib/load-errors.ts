import { isDomainError, type DomainError, type ErrorCode } from '../../core/errors.ts';

/**
 * The refusal a loader shows on its page: a domain service's `DomainError` with one of the codes the
 * page handles, or null for anything else (which the loader logs or rethrows).
 */
export function expectedRefusal(error: unknown, codes: readonly ErrorCode[]): DomainError | null {
  return isDomainError(error) && codes.includes(error.code) ? error : null;
}
