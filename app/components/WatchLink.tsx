/**
 * The 'Watch' button of a profile and of each search result: a plain link to the watcher's page that
 * adds the carrier to a watchlist (app/routes/watch/add.tsx), which asks a visitor to sign in first.
 * Public pages are not hydrated, so it works as a link, without a script.
 */
export function WatchLink({ dotNumber, name }: { dotNumber: number; name: string }) {
  return (
    <a
      href={`/watch/add?dot=${dotNumber}`}
      className="button button--secondary button--small"
      aria-label={`Watch ${name}`}
      rel="nofollow"
    >
      Watch
    </a>
  );
}
