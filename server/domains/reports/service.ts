import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { ReportMeta, VerifyAnswer } from '../../../core/contracts/reports.ts';
import type { CarrierSignals, LinkedCarrier } from '../../../core/contracts/signals.ts';
import { DomainError } from '../../../core/errors.ts';
import { MAX_HISTORY_PAGE_SIZE } from '../../../core/history.ts';
import { OPERATION_LABELS, USDOT_STATUS_LABELS, type DataDates } from '../../../core/record-facts.ts';
import { SAFETY_WINDOW_MONTHS } from '../../../core/safety.ts';
import type { CompaniesTable, VettingReportsTable } from '../../db/schema.ts';
import type { AuthorityService } from '../authority/service.ts';
import { isoDayMonthsBefore, type CarrierDataService } from '../carrier-data/service.ts';
import { formatMcNumber } from '../companies/company-view.ts';
import type { HistoryService } from '../history/service.ts';
import type { SignalsService } from '../signals/service.ts';
import {
  canonicalJson,
  REPORT_FORMAT,
  REPORT_LISTED_ROWS,
  reportDataDates,
  sha256Hex,
  type ReportCarrier,
  type ReportContent,
  type ReportHistoryEvent,
  type ReportLinkedCarrier,
} from './content.ts';
import { renderReportPdf } from './pdf.ts';
import type { ReportsRepo } from './repo.ts';

type Company = Selectable<CompaniesTable>;

const DAY_MS = 86_400_000;
/** PDFs kept in memory to serve again: they never change (at most this many bytes). */
const KEPT_PDF_BYTES = 32 * 1024 * 1024;
/** A browser keeps a stored PDF a day at most: what it keeps outlives the report's expiry by no more. */
const PDF_MAX_AGE_SECONDS = 86_400;

/** A stored report's PDF as its download serves it. */
interface StoredPdf {
  data: Buffer;
  fileName: string;
  expiresAt: string;
  /** A strong validator: the PDF's SHA-256, which names these bytes and no others. */
  etag: string;
}

/** A stored PDF with how long a browser may keep it: a day at most, and never past its expiry. */
export interface ServedPdf extends StoredPdf {
  maxAgeSeconds: number;
}

interface ReportsDependencies {
  repo: ReportsRepo;
  /** The company row with the store's data dates (the companies repo's read of a profile). */
  company: (
    dotNumber: number,
  ) => Promise<{ company: Company; dataDates: DataDates; activityImportedAt: string | null } | undefined>;
  carrierData: Pick<CarrierDataService, 'profileFacts' | 'safetyDetail'>;
  authority: Pick<AuthorityService, 'companyVetting'>;
  history: Pick<HistoryService, 'historyPage'>;
  signals: Pick<SignalsService, 'companySignals'>;
  clock: () => Date;
  /** The site's name and address, which the report names as its maker. */
  site: { productName: string; appUrl: string };
  retentionDays: number;
}

function carrierOf(company: Company): ReportCarrier {
  const address = [
    company.phy_street,
    company.phy_city,
    [company.phy_state, company.phy_zip].filter(Boolean).join(' '),
  ].filter(Boolean);
  const { carrier_operation: operation, status_code: status } = company;
  return {
    dot_number: company.dot_number,
    legal_name: company.name,
    dba_name: company.dba_name,
    mc_number: formatMcNumber(company.mc_number),
    physical_address: address.length > 0 ? address.join(', ') : null,
    phone: company.phone,
    operation: operation ? (OPERATION_LABELS[operation] ?? operation) : null,
    power_units: company.power_units,
    drivers: company.total_drivers,
    usdot_status: status ? (USDOT_STATUS_LABELS[status] ?? status) : null,
    mcs150_date: company.mcs150_date,
    safety_rating: company.safety_rating,
    safety_rating_date: company.safety_rating_date,
  };
}

const linkedOf = ({ dot_number, name, links, status_label }: LinkedCarrier): ReportLinkedCarrier => ({
  dot_number,
  name,
  links,
  status_label,
});

/** The signals as the report records them: the facts, without the page's links and replies. */
function reportSignals(read: CarrierSignals, appUrl: string): ReportContent['signals'] {
  return {
    held: read.signals.map(({ rule, title, strong, fact, rests_on, detail, linked_carriers }) => ({
      rule,
      title,
      strong,
      fact,
      rests_on,
      detail,
      linked_carriers: linked_carriers.map(linkedOf),
    })),
    linked_carriers: read.linked_carriers.map(linkedOf),
    rules_url: `${appUrl}${read.rules_url}`,
  };
}

type MetaRow = Omit<VettingReportsTable, 'pdf' | 'content'>;

function metaOf(row: MetaRow, pdfBytes: number): ReportMeta {
  return {
    id: row.id,
    dot_number: row.dot_number,
    legal_name: row.legal_name,
    verdict: row.verdict,
    made_at: row.made_at,
    expires_at: row.expires_at,
    pdf_sha256: row.pdf_sha256,
    content_sha256: row.content_sha256,
    pdf_bytes: pdfBytes,
    url: `/reports/${row.id}`,
    pdf_url: `/reports/${row.id}.pdf`,
  };
}

/** Whether bytes are a PDF: every PDF starts with its header, `%PDF-`. */
const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';

/** Vetting reports (issue 56): made from the record as it stands, then kept unchanged until they expire. */
export function createReportsService({
  repo,
  company: readCompany,
  carrierData,
  authority,
  history,
  signals,
  clock,
  site,
  retentionDays,
}: ReportsDependencies) {
  /**
   * The record history events of the window, newest first, page after page of the history: how many
   * and the first REPORT_LISTED_ROWS of them.
   */
  async function historySince(company: Company, since: string): Promise<ReportContent['history']> {
    const listed: ReportHistoryEvent[] = [];
    let total = 0;
    for (let page = 1; ; page += 1) {
      const read = await history.historyPage(company, { page, page_size: MAX_HISTORY_PAGE_SIZE });
      for (const event of read.data) {
        if ((event.effective_on ?? event.first_seen_on) < since) return { since, total, listed };
        total += 1;
        if (listed.length === REPORT_LISTED_ROWS) continue;
        const { kind, description, value_before, value_after, effective_on, first_seen_on, source } = event;
        listed.push({ kind, description, value_before, value_after, effective_on, first_seen_on, source });
      }
      if (read.data.length < MAX_HISTORY_PAGE_SIZE) return { since, total, listed };
    }
  }

  async function contentOf(dotNumber: number, now: Date): Promise<ReportContent> {
    const found = await readCompany(dotNumber);
    if (!found) throw new DomainError('not_found', 'Carrier not found');
    const { company, dataDates, activityImportedAt } = found;
    const since = isoDayMonthsBefore(now, SAFETY_WINDOW_MONTHS);
    // The verdict is the reviewed one (a strong signal makes it 'Review before booking'), as the profile's.
    const [facts, vetting, detail, recordHistory, carrierSignals] = await Promise.all([
      carrierData.profileFacts(company, dataDates, activityImportedAt),
      authority.companyVetting(company),
      carrierData.safetyDetail(dotNumber, {
        inspectionsPage: 1,
        crashesPage: 1,
        perPage: REPORT_LISTED_ROWS,
      }),
      historySince(company, since),
      signals.companySignals(company),
    ]);
    if (!detail) throw new DomainError('not_found', 'Carrier not found');
    const { sourceDates, ...authorityRecord } = vetting.record;
    return {
      format: REPORT_FORMAT,
      made_at: now.toISOString(),
      site: site.productName,
      profile_url: `${site.appUrl}/profile/${dotNumber}`,
      carrier: carrierOf(company),
      verdict: { ...vetting.verdict, judged_on: vetting.today },
      authority: authorityRecord,
      safety: {
        since: detail.since,
        summary: facts.safety,
        by_basic: detail.by_basic,
        inspections: { total: detail.inspections.total, listed: detail.inspections.data },
        crashes: { total: detail.crashes.total, listed: detail.crashes.data },
      },
      history: recordHistory,
      signals: reportSignals(carrierSignals, site.appUrl),
      data_dates: reportDataDates(dataDates, sourceDates),
    };
  }

  const keptPdfs = new LRUCache<string, StoredPdf>({
    maxSize: KEPT_PDF_BYTES,
    sizeCalculation: (pdf) => pdf.data.length,
  });

  /** A stored report's metadata; a 404 when there is none or it expired. */
  async function meta(id: string): Promise<ReportMeta> {
    const row = await repo.meta(id, clock().toISOString());
    if (!row) throw new DomainError('not_found', 'Report not found');
    return metaOf(row, Number(row.pdf_bytes));
  }

  return {
    /**
     * Makes a report of a carrier's record as it stands and stores it; expired reports are deleted
     * on the way (each write purges, so no job is needed).
     */
    async create(dotNumber: number): Promise<ReportMeta> {
      const now = clock();
      const content = await contentOf(dotNumber, now);
      const json = canonicalJson(content);
      const contentSha256 = sha256Hex(json);
      const pdf = await renderReportPdf(content, json, contentSha256);
      const row: VettingReportsTable = {
        id: randomBytes(16).toString('base64url'),
        dot_number: dotNumber,
        legal_name: content.carrier.legal_name,
        verdict: content.verdict.headline,
        made_at: content.made_at,
        expires_at: new Date(now.getTime() + retentionDays * DAY_MS).toISOString(),
        content: json,
        content_sha256: contentSha256,
        pdf,
        pdf_sha256: sha256Hex(pdf),
      };
      await repo.purgeExpired(content.made_at);
      await repo.insert(row);
      return metaOf(row, pdf.length);
    },

    meta,

    /**
     * A stored report's PDF and its download's file name; a 404 when there is none or it expired.
     * A PDF read once is served from memory until it expires: stored reports never change.
     */
    async pdf(id: string): Promise<ServedPdf> {
      const at = clock();
      const now = at.toISOString();
      const served = (pdf: StoredPdf): ServedPdf => ({
        ...pdf,
        maxAgeSeconds: Math.min(
          PDF_MAX_AGE_SECONDS,
          Math.floor((Date.parse(pdf.expiresAt) - at.getTime()) / 1000),
        ),
      });
      const kept = keptPdfs.get(id);
      if (kept && kept.expiresAt > now) return served(kept);
      const row = await repo.pdf(id, now);
      if (!row) throw new DomainError('not_found', 'Report not found');
      const pdf = {
        data: Buffer.from(row.pdf),
        fileName: `vetting-report-usdot-${row.dot_number}-${row.made_at.slice(0, 10)}.pdf`,
        expiresAt: row.expires_at,
        etag: `"${row.pdf_sha256}"`,
      };
      keptPdfs.set(id, pdf);
      return served(pdf);
    },

    /** Checks an uploaded PDF against a stored report: the same bytes, by their SHA-256. */
    async verify(id: string, upload: Buffer): Promise<VerifyAnswer> {
      const report = await meta(id);
      if (!isPdf(upload)) throw new DomainError('invalid', 'file: the file is not a PDF');
      const uploaded = sha256Hex(upload);
      return { matches: uploaded === report.pdf_sha256, uploaded_sha256: uploaded, report };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
