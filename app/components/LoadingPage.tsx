/** What a hydrated page shows while its browser-side loader reads (its `HydrateFallback`). */
export function LoadingPage({ wide = false }: { wide?: boolean }) {
  return (
    <section className={wide ? 'page centered' : 'page page--narrow centered'}>
      <p role="status" className="spinner">
        Loading...
      </p>
    </section>
  );
}
