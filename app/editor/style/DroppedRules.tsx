import { useId } from 'react';
import type { DroppedRule } from '../../../core/sanitize-css.ts';

/** The rules the server left out of the public profile, and why, so nothing is lost silently. */
export function DroppedRules({ dropped }: { dropped: readonly DroppedRule[] }) {
  const titleId = useId();
  if (dropped.length === 0) return null;
  return (
    <section className="dropped-rules" aria-labelledby={titleId}>
      <h3 id={titleId}>Not on your public profile</h3>
      <p>These rules stay in your CSS, but your public profile does not get them:</p>
      <ul>
        {dropped.map((rule, index) => (
          <li key={index}>
            <code>{rule.css}</code> — {rule.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
