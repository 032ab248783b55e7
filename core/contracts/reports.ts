// Vetting reports (issue 56): a dated PDF of what a carrier's record showed, kept unchanged at a
// permanent link, and the check of an uploaded PDF against it (docs/decisions/110).
import { z } from 'zod';
import { dotNumber } from '../input.ts';
import { route } from './route.ts';

/** 16 random bytes, base64url: the permanent link's key, which no one can guess. */
export const REPORT_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const ReportParams = z.object({
  id: z.string().regex(REPORT_ID_PATTERN, 'is not a report id'),
});

/** The largest PDF the check reads: a report is far smaller. */
export const MAX_VERIFY_UPLOAD_BYTES = 20 * 1024 * 1024;

export const CreateReportBody = z.object({
  dot_number: z.union([z.number().int(), z.string()]).transform(String).pipe(dotNumber),
});

/** A stored report as its permanent link shows it. */
export const ReportMeta = z.object({
  id: z.string(),
  dot_number: z.number(),
  legal_name: z.string(),
  /** The verdict's headline when the report was made. */
  verdict: z.string(),
  /** ISO time the report was made. */
  made_at: z.string(),
  /** ISO time after which it is deleted (REPORT_RETENTION_DAYS). */
  expires_at: z.string(),
  /** SHA-256 (hex) of the PDF's bytes: what an uploaded PDF is checked against. */
  pdf_sha256: z.string(),
  /** SHA-256 (hex) of the canonical content the PDF prints and carries as its report.json attachment. */
  content_sha256: z.string(),
  pdf_bytes: z.number(),
  /** The permanent link and the PDF, paths on this site. */
  url: z.string(),
  pdf_url: z.string(),
});
export type ReportMeta = z.infer<typeof ReportMeta>;

export const VerifyAnswer = z.object({
  matches: z.boolean(),
  uploaded_sha256: z.string(),
  report: ReportMeta,
});
export type VerifyAnswer = z.infer<typeof VerifyAnswer>;

export const reportContracts = {
  create: route('POST', 'api', '/reports', { body: CreateReportBody }, { 201: ReportMeta }),
  report: route('GET', 'api', '/reports/:id', { params: ReportParams }, { 200: ReportMeta }),
  /** multipart/form-data with the PDF in `file`: a form, not a JSON body. */
  verify: {
    ...route('POST', 'api', '/reports/:id/verify', { params: ReportParams }, { 200: VerifyAnswer }),
    multipart: true as const,
  },
};
