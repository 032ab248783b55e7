// The one error model (docs/decisions/028-one-error-model.md). Domain code throws a `DomainError` with
// a code; server/http alone turns the code into a status; every error response is `{ detail, code }`;
// the UI decides on the code, never on the wording of `detail`.

/**
 * What went wrong, as the caller can act on it. The general codes come first; a specific code exists
 * only where a page reacts to that one refusal (the claim page, the request-rating page).
 */
export const ERROR_CODES = [
  'invalid',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  // A Host this deployment does not answer for (421 Misdirected Request).
  'misdirected',
  'too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'internal',
  'busy',
  'insufficient_storage',
  // Specific refusals a page words in its own way (owner-side section 8).
  'already_claimed',
  'no_contact_email',
  'duplicate_request',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

/** The body of every error response. */
export type ErrorBody = { detail: string; code: ErrorCode };

export type DomainErrorOptions = {
  /** Seconds after which trying again should work ('busy'); the server sends it as Retry-After. */
  retryAfterSeconds?: number;
  /** The input field a validation refusal ('invalid') is about, as the schema names it. */
  field?: string;
};

/** A refusal or failure raised by domain code: a code to decide on and a `detail` for people. */
export class DomainError extends Error {
  readonly retryAfterSeconds: number | undefined;
  readonly field: string | undefined;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    options: DomainErrorOptions = {},
  ) {
    super(detail);
    this.name = 'DomainError';
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.field = options.field;
  }
}

/**
 * Whether a value is a `DomainError`, judged by its shape. Not `instanceof`: the page bundle carries
 * its own copy of this module, so an error thrown by a service (the server's copy) is not an instance
 * of the bundle's class.
 */
export function isDomainError(value: unknown): value is DomainError {
  if (!(value instanceof Error) || value.name !== 'DomainError') return false;
  const { code, detail } = value as Partial<DomainError>;
  return isErrorCode(code) && typeof detail === 'string';
}
