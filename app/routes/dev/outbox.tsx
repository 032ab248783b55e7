import { data } from 'react-router';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/outbox';

export async function loader({ context }: Route.LoaderArgs) {
  const { outbox } = context.services;
  // With SMTP configured there is no outbox, and no page.
  if (!outbox) throw data(null, { status: 404 });
  return { messages: await outbox.latest() };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Outbox') },
  { name: 'robots', content: 'noindex' },
];

/** Links in a message, so the outbox can show them as links. */
function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

export default function OutboxRoute({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <section className="page page--narrow">
      <h1>Outbox</h1>
      <p className="muted">
        No SMTP server is configured (SMTP_URL), so e-mails are kept here instead of being sent. This page
        exists only in that mode.
      </p>
      {messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <ol className="outbox">
          {messages.map((message) => (
            <li key={message.id} className="card">
              <h2>{message.subject}</h2>
              <p className="muted">
                To {message.to_address} · {new Date(message.created_at).toUTCString()}
              </p>
              <pre className="code">{message.text_body}</pre>
              {linksIn(message.text_body).map((link) => (
                <a key={link} href={link} className="button button--primary button--small">
                  Open link
                </a>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
