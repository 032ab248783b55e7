import { data } from 'react-router';
import { REPORT_ID_PATTERN } from '../../../core/contracts/reports.ts';
import { isDomainError } from '../../../core/errors.ts';
import { reportTimeText, verificationText } from '../../../core/reports.ts';
import { pageTitle } from '../../../core/site.ts';
import { PageLink } from '../../components/PageLink.tsx';
import { notForHydration, type IslandHandle } from '../../lib/island-page.ts';
import { seoMeta } from '../../lib/seo.ts';
import island from '../../islands/site-island.ts?worker&url';
import type { Route } from './+types/report.ts';

export const handle: IslandHandle = { island };

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * A vetting report's permanent link (issue 56): what the report is, its hashes, its PDF and the
 * check of an uploaded copy. The check's form posts to the server, which comes back here with the
 * upload's SHA-256 in `?verified=`: the page compares it with the stored one.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const notFound = () => data(notForHydration({ report: null, check: null }, context.documentRequest), 404);
  if (!REPORT_ID_PATTERN.test(params.id)) return notFound();
  let report;
  try {
    report = await context.services.reports.meta(params.id);
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') return notFound();
    throw error;
  }
  const verified = new URL(request.url).searchParams.get('verified');
  const check =
    verified !== null && SHA256_HEX.test(verified)
      ? { sha256: verified, matches: verified === report.pdf_sha256 }
      : null;
  return notForHydration({ report, check }, context.documentRequest);
}

export const meta: Route.MetaFunction = (args) => {
  const report = args.loaderData?.report;
  return seoMeta(args, {
    title: pageTitle(report ? `Vetting report: ${report.legal_name}` : 'Report not found'),
    description: report
      ? `The vetting report of USDOT ${report.dot_number} made ${reportTimeText(report.made_at)}.`
      : 'This vetting report does not exist or has expired.',
    noindex: true,
  });
};

export default function ReportRoute({ loaderData }: Route.ComponentProps) {
  const { report, check } = loaderData;
  if (!report) {
    return (
      <section className="page page--narrow centered">
        <p className="eyebrow">404</p>
        <h1>Report not found</h1>
        <p>This vetting report does not exist, or it has expired and was deleted.</p>
        <PageLink to="/search" className="button button--primary">
          Search Carriers
        </PageLink>
      </section>
    );
  }
  const madeAt = reportTimeText(report.made_at);
  return (
    <section className="page page--narrow report">
      <h1>Vetting report</h1>
      <p>
        <PageLink to={`/profile/${report.dot_number}`}>{report.legal_name}</PageLink> (USDOT{' '}
        {report.dot_number}), as its record stood on {madeAt}. Verdict then: <strong>{report.verdict}</strong>
        .
      </p>
      {check ? (
        <p
          className={`report__check ${check.matches ? 'report__check--match' : 'report__check--mismatch'}`}
          role="status"
        >
          {verificationText(check.matches, report.made_at)}
          {check.matches ? null : (
            <>
              {' '}
              Its SHA-256 is <code className="report__hash">{check.sha256}</code>.
            </>
          )}
        </p>
      ) : null}
      <p>
        <a className="button button--primary" href={report.pdf_url}>
          Download PDF
        </a>
      </p>
      <dl className="report__facts">
        <dt>Made</dt>
        <dd>{madeAt}</dd>
        <dt>Kept until</dt>
        <dd>{reportTimeText(report.expires_at)}</dd>
        <dt>PDF SHA-256</dt>
        <dd>
          <code className="report__hash">{report.pdf_sha256}</code>
        </dd>
        <dt>Content SHA-256</dt>
        <dd>
          <code className="report__hash">{report.content_sha256}</code>
        </dd>
      </dl>
      <p className="muted">
        The PDF SHA-256 is the hash of the PDF file: a copy whose hash is the same is the report made here,
        unchanged. The content SHA-256, printed in the PDF, is the hash of the report&rsquo;s content, which
        the PDF carries as its attached file report.json.
      </p>
      <h2>Check a copy</h2>
      <form method="post" action={`/reports/${report.id}/verify`} encType="multipart/form-data">
        <label htmlFor="report-pdf">PDF to check</label>
        <input id="report-pdf" name="file" type="file" accept="application/pdf,.pdf" required />
        <button type="submit" className="button button--secondary">
          Check PDF
        </button>
      </form>
    </section>
  );
}
