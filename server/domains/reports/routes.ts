import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASES } from '../../../core/contracts/route.ts';
import {
  CreateReportBody,
  MAX_VERIFY_UPLOAD_BYTES,
  REPORT_ID_PATTERN,
  ReportParams,
  reportContracts,
} from '../../../core/contracts/reports.ts';
import { DomainError, isDomainError } from '../../../core/errors.ts';
import { parseInput } from '../../../core/input.ts';
import { contractRoute } from '../../http/contracts.ts';
import { OTHER_ORIGIN_DETAIL, sentByAnotherOrigin } from '../../http/cross-site.ts';
import { STATUS_BY_CODE } from '../../http/errors.ts';
import { matchesIfNoneMatch } from '../../http/page-cache.ts';
import { registerNoStoreAnswers } from '../../http/security.ts';
import type { RouteOptions } from '../../services.ts';
import { problemPage } from './problem-page.ts';

/** One file a check, no other part. */
const MULTIPART_LIMITS = { fileSize: MAX_VERIFY_UPLOAD_BYTES, files: 1, fields: 2, parts: 3 };
const TOO_LARGE_DETAIL = `file: the PDF is larger than ${MAX_VERIFY_UPLOAD_BYTES / 1024 / 1024} MB`;
const FORM_FIELDS_LIMIT_BYTES = 1024;
const HTML = 'text/html; charset=utf-8';

/** The uploaded PDF of a check, with every malformed request answered 4xx. */
async function receivePdf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new DomainError('unsupported_media_type', 'Send the PDF as multipart/form-data with a file field');
  }
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file')
        throw new DomainError('invalid', 'The PDF must be sent in the file field');
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) {
        if (part.file.truncated) throw new DomainError('too_large', TOO_LARGE_DETAIL);
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) throw new DomainError('too_large', TOO_LARGE_DETAIL);
      data = Buffer.concat(chunks);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('invalid', 'The upload is not a valid multipart form with one file');
  }
  if (!data || data.length === 0) throw new DomainError('invalid', 'file: choose the PDF to check');
  return data;
}

/**
 * Answers a form's refusal as a small HTML page with the refusal's status: a browser without
 * JavaScript shows it, where a JSON body would be raw text.
 */
function answerFormProblem(error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) {
  const back = backPath(request);
  if (!isDomainError(error)) {
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .type(HTML)
      .send(problemPage('Something went wrong', 'Please try again.', back));
  }
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  const title = error.code === 'rate_limited' ? 'Too many reports' : 'The request was refused';
  return reply
    .status(STATUS_BY_CODE[error.code])
    .type(HTML)
    .send(problemPage(title, error.detail, back));
}

/**
 * Where a refused form's page leads back to: the report checked, or the profile it was asked from
 * (a refusal before the body is read, the rate limit's, leads home).
 */
function backPath(request: FastifyRequest): string {
  const checked = /^\/reports\/([A-Za-z0-9_-]{22})\/verify/.exec(request.url);
  if (checked) return `/reports/${checked[1]}`;
  const dot = (request.body as { dot_number?: unknown } | undefined)?.dot_number;
  return typeof dot === 'string' && /^\d{1,9}$/.test(dot) ? `/profile/${dot}` : '/';
}

/**
 * Vetting reports (issue 56): the API (create, read, verify) and the pages' forms (POST /reports from
 * a profile, the PDF's download, POST /reports/{id}/verify). Registered in a rate-limited scope of
 * its own; making a report also counts against its own per-client limit, shared by the API and the
 * form. Nothing here needs a session, so a form needs no JSON body; a page of another site still may
 * not post them.
 */
export async function reportRoutes(
  app: FastifyInstance,
  { services, perClientPerHour, appUrl }: RouteOptions & { perClientPerHour: number; appUrl: string },
): Promise<void> {
  await app.register(multipart);
  const appOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    // The pages send no referrer, so a browser's form post says `Origin: null`: Sec-Fetch-Site vouches.
    if (request.method !== 'POST' || request.headers['sec-fetch-site'] === 'same-origin') return;
    if (sentByAnotherOrigin(request, appOrigin)) {
      throw new DomainError('forbidden', OTHER_ORIGIN_DETAIL);
    }
  });
  // Counted under a key of its own. It runs before the scope's general limit, which a request counts
  // against once only: making a report counts here, not there.
  const limitMaking = app.rateLimit({
    max: perClientPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request) => `make-report:${request.ip}`,
  });

  await app.register(
    async (api) => {
      registerNoStoreAnswers(api);
      contractRoute(api, reportContracts.create, {
        onRequest: limitMaking,
        handler: async (request, reply) =>
          reply.status(201).send(await services.reports.create(request.body.dot_number)),
      });
      contractRoute(api, reportContracts.report, {
        handler: async ({ params }) => services.reports.meta(params.id),
      });
      contractRoute(api, reportContracts.verify, {
        handler: async (request) => services.reports.verify(request.params.id, await receivePdf(request)),
      });
    },
    { prefix: API_BASES.api },
  );

  await app.register(async (forms) => {
    forms.setErrorHandler(answerFormProblem);
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_FIELDS_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    forms.post('/reports', { onRequest: limitMaking }, async (request, reply) => {
      const { dot_number } = parseInput(CreateReportBody, request.body ?? {});
      const report = await services.reports.create(dot_number);
      return reply.redirect(report.url, 303);
    });
    forms.post('/reports/:id/verify', async (request, reply) => {
      const { id } = parseInput(ReportParams, request.params);
      const { uploaded_sha256 } = await services.reports.verify(id, await receivePdf(request));
      return reply.redirect(`/reports/${id}?verified=${uploaded_sha256}`, 303);
    });
  });

  // A stored report's PDF is answered as a static file is (docs/decisions/150): from memory after its
  // first read, never compressed again (a PDF's streams are compressed already), kept by browsers
  // as immutable and revalidated by its strong ETag; no per-client counter, as no static file has one.
  app.get('/reports/:id.pdf', { config: { rateLimit: false }, compress: false }, async (request, reply) => {
    const { id } = request.params as { id: string };
    // A link that is no report's is a missing report, whatever it holds.
    if (!REPORT_ID_PATTERN.test(id)) throw new DomainError('not_found', 'Report not found');
    const pdf = await services.reports.pdf(id);
    reply.header('ETag', pdf.etag).header('Cache-Control', `public, max-age=${pdf.maxAgeSeconds}, immutable`);
    if (matchesIfNoneMatch(request.headers['if-none-match'], pdf.etag)) return reply.status(304).send();
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${pdf.fileName}"`)
      .send(pdf.data);
  });
}
