/** The `detail` of a client error (400-499) raised by a domain service, or null for anything else. */
export function clientErrorDetail(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { statusCode, detail } = error as { statusCode?: unknown; detail?: unknown };
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && typeof detail === 'string'
    ? detail
    : null;
}
