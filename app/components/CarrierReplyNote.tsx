import type { CarrierReply } from '../../core/contracts/replies.ts';
import { formatLongIsoDay } from '../../core/format.ts';
import { replyHeading } from '../../core/replies.ts';

/** The carrier's reply beside a rating or a signal; React escapes its text, CSS keeps its line breaks. */
export function CarrierReplyNote({ reply }: { reply: CarrierReply | null }) {
  if (!reply) return null;
  return (
    <div className="carrier-reply">
      <p className="carrier-reply__heading">{replyHeading(formatLongIsoDay(reply.replied_on))}</p>
      <p className="carrier-reply__text">{reply.body}</p>
    </div>
  );
}
