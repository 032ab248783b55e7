import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback; every message it accepts is parsed and kept in `received`. `port`
 * picks the port (a server started again where a stopped one listened); any free port by default.
 */
export async function startSmtpServer(port = 0, received: ParsedMail[] = []) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    received,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first link to `https://carrierpage.example/{kind}/` in a message ('' when none). */
export function linkIn(mail: ParsedMail | undefined, kind: string): string {
  const match = new RegExp(`https://carrierpage\\.example/${kind}/([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  return match?.[1] ?? '';
}
