import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { watcherContracts } from '../../../core/contracts/watchers.ts';
import { DomainError } from '../../../core/errors.ts';
import { MAX_NUMBER_LIST_BYTES } from '../../../core/watchlists.ts';
import { contractRoute } from '../../http/contracts.ts';
import { mailRateLimit } from '../../http/security.ts';
import type { RouteOptions } from '../../services.ts';

/** The counter of an authenticated watcher's credential: the API key, else the account. */
const credentialKey = (request: FastifyRequest) =>
  request.watcher.keyId !== null ? `key:${request.watcher.keyId}` : `account:${request.watcher.accountId}`;

const LIST_TOO_LARGE = `The file must be at most ${MAX_NUMBER_LIST_BYTES.toLocaleString('en-US')} bytes`;

/** The text of the `file` part of a multipart upload, refused past MAX_NUMBER_LIST_BYTES. */
async function receiveNumberFile(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    throw new DomainError(
      'unsupported_media_type',
      'Send the CSV file as multipart/form-data with a file field',
    );
  }
  let text: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_NUMBER_LIST_BYTES, files: 1, fields: 0, parts: 1 },
    })) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        throw new DomainError('invalid', 'The CSV must be sent in the file field');
      }
      text = await readText(part);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('invalid', 'The upload is not a valid multipart form with one file field');
  }
  if (text === undefined || text.trim() === '')
    throw new DomainError('invalid', 'file: the CSV file is empty');
  return text;
}

async function readText(part: MultipartFile): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    if (part.file.truncated) throw new DomainError('too_large', LIST_TOO_LARGE);
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw new DomainError('too_large', LIST_TOO_LARGE);
  return Buffer.concat(chunks).toString('utf8');
}

/** A file name from a list's name: letters, digits and dashes only. */
const fileName = (name: string) =>
  `${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'watchlist'}.csv`;

/** Watcher accounts, their watchlists and keys, and the lookup (issue 54). */
export async function watcherRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const c = watcherContracts;
  const accounts = services.watcherAccounts;
  const lists = services.watchlists;
  const WATCHER = { auth: 'watcher' } as const;
  const SESSION = { auth: 'watcher-session' } as const;

  contractRoute(app, c.signIn, {
    config: { rateLimit: mailRateLimit(10) },
    handler: async (request) => accounts.requestSignIn(request.body.email),
  });
  contractRoute(app, c.verify, { handler: async (request) => accounts.verify(request.params.token) });

  contractRoute(app, c.account, {
    config: WATCHER,
    handler: async (request) => accounts.account(request.watcher.accountId),
  });
  contractRoute(app, c.deleteAccount, {
    config: SESSION,
    handler: async (request, reply) => {
      await accounts.deleteAccount(request.watcher.accountId);
      return reply.status(204).send();
    },
  });
  contractRoute(app, c.createKey, {
    config: SESSION,
    handler: async (request, reply) =>
      reply.status(201).send(await accounts.createKey(request.watcher.accountId, request.body.name)),
  });
  contractRoute(app, c.revokeKey, {
    config: SESSION,
    handler: async (request, reply) => {
      await accounts.revokeKey(request.watcher.accountId, request.params.id);
      return reply.status(204).send();
    },
  });

  // Two limits: the client's (the route's, replacing the scope's) before anything is read, and the
  // credential's once it is known, counted in the same store (Redis with several instances).
  const credentialLimit = app.createRateLimit({
    max: services.lookupsPerMinute,
    timeWindow: 60_000,
    keyGenerator: credentialKey,
  });
  contractRoute(app, c.lookup, {
    config: { ...WATCHER, rateLimit: { max: 2 * services.lookupsPerMinute, timeWindow: '1 minute' } },
    preHandler: async (request) => {
      const limit = await credentialLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        const what = request.watcher.keyId !== null ? 'this API key' : 'this account';
        throw new DomainError(
          'rate_limited',
          `Too many lookups with ${what}. Please try again in ${limit.ttlInSeconds} seconds.`,
        );
      }
    },
    handler: async (request) => lists.lookup(request.body.numbers),
  });

  contractRoute(app, c.listWatchlists, {
    config: WATCHER,
    handler: async (request) => lists.lists(request.watcher.accountId),
  });
  contractRoute(app, c.createWatchlist, {
    config: WATCHER,
    handler: async (request, reply) =>
      reply.status(201).send(await lists.create(request.watcher.accountId, request.body.name)),
  });
  contractRoute(app, c.getWatchlist, {
    config: WATCHER,
    handler: async (request) => lists.page(request.watcher.accountId, request.params.id, request.query),
  });
  contractRoute(app, c.renameWatchlist, {
    config: WATCHER,
    handler: async (request) => lists.rename(request.watcher.accountId, request.params.id, request.body.name),
  });
  contractRoute(app, c.deleteWatchlist, {
    config: WATCHER,
    handler: async (request, reply) => {
      await lists.remove(request.watcher.accountId, request.params.id);
      return reply.status(204).send();
    },
  });
  contractRoute(app, c.exportWatchlist, {
    config: WATCHER,
    handler: async (request, reply) => {
      const { name, csv } = await lists.exportCsv(
        request.watcher.accountId,
        request.params.id,
        request.query,
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName(name)}"`)
        .send(csv);
    },
  });
  contractRoute(app, c.addCarriers, {
    config: WATCHER,
    handler: async (request) =>
      lists.addNumbers(request.watcher.accountId, request.params.id, request.body.numbers),
  });
  contractRoute(app, c.removeCarrier, {
    config: WATCHER,
    handler: async (request, reply) => {
      await lists.removeCarrier(request.watcher.accountId, request.params.id, request.params.dotNumber);
      return reply.status(204).send();
    },
  });
  // Multipart parsing exists only in this scope: every other route keeps its own body parsing.
  await app.register(async (uploads) => {
    await uploads.register(multipart);
    contractRoute(uploads, c.uploadCarriers, {
      config: WATCHER,
      handler: async (request) =>
        lists.addNumbers(request.watcher.accountId, request.params.id, await receiveNumberFile(request)),
    });
  });
}
