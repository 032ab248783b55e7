/** The refusal of a page's action, shown beside the form whose `intent` it answers. */
export function IntentError({ result, intent }: { result: { intent: string } | undefined; intent: string }) {
  if (!result || result.intent !== intent || !('error' in result)) return null;
  return (
    <p className="alert alert--error" role="alert">
      {String(result.error)}
    </p>
  );
}
