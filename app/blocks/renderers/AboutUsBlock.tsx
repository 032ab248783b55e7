/** About us: the text split into paragraphs on line breaks. */
export function AboutUsBlock({ content }: { content: string }) {
  const paragraphs = content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className="muted">No information provided.</p>;
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </>
  );
}
