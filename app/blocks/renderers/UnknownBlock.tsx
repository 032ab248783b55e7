/** A block type this version does not know: say so and keep its data inspectable. */
export function UnknownBlock({ block }: { block: unknown }) {
  return (
    <div>
      <p className="muted">Unknown block type</p>
      <details>
        <summary>Block data</summary>
        <pre className="code">{JSON.stringify(block, null, 2)}</pre>
      </details>
    </div>
  );
}
