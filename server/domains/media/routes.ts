import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mediaContracts, UploadFields } from '../../../core/contracts/media.ts';
import { DomainError } from '../../../core/errors.ts';
import { parseInput } from '../../../core/input.ts';
import { contractRoute } from '../../http/contracts.ts';
import { sendError } from '../../http/errors.ts';
import type { RouteOptions } from '../../services.ts';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '../../../core/uploads.ts';
import type { Upload } from './service.ts';
import { MEDIA_PATH } from './variants.ts';

/** Enforced by busboy while it parses: one file, a few short fields (only alt_text is read). */
const MULTIPART_LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 6 };
const ONLY_FILE_AND_ALT_TEXT = 'Send only the file and alt_text fields';
const MULTIPART_LIMIT_DETAILS: Record<string, string> = {
  FST_FILES_LIMIT: 'Send one file per upload',
  FST_PARTS_LIMIT: ONLY_FILE_AND_ALT_TEXT,
  FST_FIELDS_LIMIT: ONLY_FILE_AND_ALT_TEXT,
};

/** Reads the file part, answering 413 at the first chunk past the limit instead of reading on. */
async function readFilePart(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    if (part.file.truncated) throw new DomainError('too_large', FILE_TOO_LARGE_MESSAGE);
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw new DomainError('too_large', FILE_TOO_LARGE_MESSAGE);
  return Buffer.concat(chunks);
}

/** The `file` and `alt_text` of a multipart upload, with every malformed request answered 4xx. */
async function receiveUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new DomainError(
      'unsupported_media_type',
      'Send the image as multipart/form-data with a file field',
    );
  }
  let data: Buffer | undefined;
  let altText: unknown = '';
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw new DomainError('invalid', 'The image must be sent in the file field');
        data = await readFilePart(part);
      } else if (part.fieldname === 'alt_text') {
        altText = part.value;
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const detail = MULTIPART_LIMIT_DETAILS[(error as { code?: string }).code ?? ''];
    throw new DomainError('invalid', detail ?? 'The upload is not a valid multipart form');
  }
  if (!data || data.length === 0) throw new DomainError('invalid', 'file: an image file is required');
  return { data, altText: parseInput(UploadFields, { alt_text: altText }).alt_text };
}

/** The media API (owner-side section 7): images on a company's own content blocks. */
export async function mediaRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const { upload, remove } = mediaContracts;
  // Multipart parsing exists only in this scope: every other route keeps its own body parsing.
  void app.register(async (uploads) => {
    await uploads.register(multipart);
    contractRoute(uploads, upload, {
      config: { auth: 'session' },
      handler: async (request, reply) => {
        const { session } = request;
        const asset = await services.media.upload(session.companyId, request.params.id, () =>
          receiveUpload(request),
        );
        return reply.status(201).send(asset);
      },
    });
  });

  contractRoute(app, remove, {
    config: { auth: 'session' },
    handler: async (request, reply) => {
      await services.media.remove(request.session.companyId, request.params.id);
      return reply.status(204).send();
    },
  });
}

/**
 * Stored images under /media/{key}. Keys are random and never reused, so a response may be cached
 * for good; anything that is not a key of the storage (`..`, slashes, other names) is a 404.
 */
export async function mediaFileRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  app.get(`${MEDIA_PATH}*`, async (request, reply) => {
    const file = await services.media.open((request.params as { '*': string })['*']);
    if (!file) return sendError(reply, 'not_found', 'Not Found');
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', file.size)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  });
}
