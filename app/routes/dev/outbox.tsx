import { data } from 'react-router';
import { NotFound } from '../../components/NotFound.tsx';
import { notFoundMeta } from '../../lib/seo.ts';
import { pageTitle } from '../../../core/site.ts';
import type { Route } from './+types/outbox.ts';

/**
 * The messages the outbox kept, for a request from this machine while mail goes to the outbox and the
 * outbox page is on (the server decides per request: server/http/ssr.ts). Anyone else gets the site's
 * ordinary 404 page, which says nothing about why.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.outbox) return data({ messages: null }, { status: 404 });
  return { messages: await context.outbox.latest() };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData?.messages
    ? [{ title: pageTitle('Outbox') }, { name: 'robots', content: 'noindex' }]
    : notFoundMeta(args);

/** Links in a message, so the outbox can show them as links. */
function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

export default function OutboxRoute({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  if (!messages) return <NotFound />;
  return (
    <section className="page page--narrow">
      <h1>Outbox</h1>
      <p className="muted">
        No SMTP server is configured (SMTP_URL), so e-mails are kept here instead of being sent. This page
        exists only in that mode, and only for a browser on this machine.
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
              {message.headers.length > 0 && (
                <dl className="outbox__headers">
                  {message.headers.map(([name, value]) => (
                    <div key={name}>
                      <dt>{name}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
              )}
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
