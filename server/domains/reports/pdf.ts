// The vetting report's PDF (issue 56): searchable text rendered with PDFKit from the report's content,
// which it prints the SHA-256 of and carries as its report.json attachment (docs/decisions/110).
import PDFDocument from 'pdfkit';
import { AUTHORITY_KIND_LABEL, filingStanding, type InsuranceFiling } from '../../../core/authority.ts';
import { formatLongIsoDay, safetyRatingLabel } from '../../../core/format.ts';
import { reportTimeText } from '../../../core/reports.ts';
import { LINK_KINDS } from '../../../core/signals.ts';
import type { ReportContent, ReportLinkedCarrier } from './content.ts';

/** The attachment's name: a reader extracts it and hashes it to check the printed content hash. */
export const CONTENT_ATTACHMENT = 'report.json';

const MARGIN = 54;
const BODY_SIZE = 9.5;
const GREY = '#444444';

const day = (isoDay: string | null) => (isoDay ? formatLongIsoDay(isoDay.slice(0, 10)) : 'unknown');
const orNone = (value: string | number | null) =>
  value === null || value === '' ? 'not on the record' : String(value);
const dollars = (amount: number | null) =>
  amount === null ? 'unknown' : `$${amount.toLocaleString('en-US')}`;
const percent = (rate: number | null) => (rate === null ? 'none (no inspections)' : `${rate}%`);

function filingLine(filing: InsuranceFiling, today: string): string {
  const parts = [
    `${filing.docket} ${filing.kind}${filing.formCode ? ` (form ${filing.formCode})` : ''}`,
    filing.insurer ?? 'insurer unknown',
    filing.policyNumber ? `policy ${filing.policyNumber}` : null,
    filing.amountDollars ? dollars(filing.amountDollars) : null,
    `effective ${day(filing.effectiveOn)}`,
    filing.cancellationEffectiveOn ? `cancellation effective ${day(filing.cancellationEffectiveOn)}` : null,
    filingStanding(filing, today),
  ];
  return parts.filter((part) => part !== null).join(', ');
}

const linkedLine = (carrier: ReportLinkedCarrier) =>
  `USDOT ${carrier.dot_number} ${carrier.name} (${carrier.status_label}), shares: ` +
  carrier.links.map((kind) => LINK_KINDS[kind]).join(', ');

/** The report's PDF. `contentJson` is the canonical content and `contentSha256` its hash. */
export function renderReportPdf(
  content: ReportContent,
  contentJson: string,
  contentSha256: string,
): Promise<Buffer> {
  const { carrier, verdict, authority, safety, history, signals, data_dates: dates } = content;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: `Vetting report: ${carrier.legal_name} (USDOT ${carrier.dot_number})`,
      Author: content.site,
      Subject: `Made ${reportTimeText(content.made_at)}; content SHA-256 ${contentSha256}`,
      CreationDate: new Date(content.made_at),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12.5).fillColor('black').text(text);
    doc.moveDown(0.2).font('Helvetica').fontSize(BODY_SIZE);
  };
  const subheading = (text: string) => {
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(10.5).text(text).font('Helvetica').fontSize(BODY_SIZE);
  };
  const line = (text: string, indent = 0) => doc.text(text, MARGIN + indent, undefined);
  const fact = (label: string, value: string | number | null) => {
    doc.font('Helvetica-Bold').text(`${label}: `, MARGIN, undefined, { continued: true });
    doc.font('Helvetica').text(orNone(value));
  };
  const note = (text: string) => doc.fillColor(GREY).text(text, MARGIN).fillColor('black');
  const listedOf = ({ total, listed }: { total: number; listed: unknown[] }, what: string) => {
    if (listed.length < total)
      note(`The ${listed.length} newest of the ${total.toLocaleString('en-US')} ${what} are listed.`);
  };

  doc.font('Helvetica-Bold').fontSize(17).text('Carrier vetting report');
  doc.font('Helvetica-Bold').fontSize(13).text(`${carrier.legal_name} (USDOT ${carrier.dot_number})`);
  doc.moveDown(0.3).font('Helvetica').fontSize(BODY_SIZE);
  line(`Made ${reportTimeText(content.made_at)} by ${content.site} from the FMCSA records it held then.`);
  line(`Profile: ${content.profile_url}`);
  line(`Content SHA-256: ${contentSha256}`);
  note(
    `The content SHA-256 is the hash of this report's content, attached to this PDF as ${CONTENT_ATTACHMENT}. ` +
      "The PDF's own SHA-256 is shown at the report's permanent link, which checks an uploaded copy.",
  );

  heading('Carrier record');
  fact('Legal name', carrier.legal_name);
  fact('DBA name', carrier.dba_name);
  fact('USDOT number', carrier.dot_number);
  fact('MC number', carrier.mc_number);
  fact('Physical address', carrier.physical_address);
  fact('Phone', carrier.phone);
  fact('Operation', carrier.operation);
  fact('Power units', carrier.power_units);
  fact('Drivers', carrier.drivers);
  fact('USDOT status', carrier.usdot_status);
  fact('MCS-150 date', carrier.mcs150_date ? day(carrier.mcs150_date) : null);
  fact(
    'Safety rating',
    carrier.safety_rating
      ? `${safetyRatingLabel(carrier.safety_rating)}${carrier.safety_rating_date ? ` (${day(carrier.safety_rating_date)})` : ''}`
      : 'Not rated',
  );

  heading('Verdict');
  doc.font('Helvetica-Bold').text(verdict.headline).font('Helvetica');
  for (const reason of verdict.reasons) line(`- ${reason}`, 10);
  note(`Judged on ${day(verdict.judged_on)} from the authority, insurance and out-of-service records below.`);

  heading('Risk signals and connected carriers');
  if (signals.held.length === 0) line('No risk signals');
  for (const signal of signals.held) {
    doc.font('Helvetica-Bold').text(`${signal.title}${signal.strong ? ' (strong)' : ''}`, MARGIN);
    doc.font('Helvetica');
    line(signal.fact, 10);
    for (const linked of signal.linked_carriers) line(linkedLine(linked), 10);
  }
  subheading(`Connected carriers (${signals.linked_carriers.length})`);
  if (signals.linked_carriers.length === 0) line('None linked');
  for (const linked of signals.linked_carriers) line(linkedLine(linked));
  note(`Each rule, what it rests on and its limits: ${signals.rules_url}`);

  heading('Authority and insurance');
  fact('Dockets', authority.dockets.length > 0 ? authority.dockets.join(', ') : null);
  subheading('Operating authority');
  if (authority.authorities.length === 0) line('No for-hire authority on file');
  for (const held of authority.authorities) {
    const granted = held.grantedOn ? `, granted ${day(held.grantedOn)}` : '';
    const revoked = held.revokedOn ? `, revoked ${day(held.revokedOn)}` : '';
    line(`${held.docket} ${AUTHORITY_KIND_LABEL[held.kind]}: ${held.status}${granted}${revoked}`);
  }
  subheading('Insurance');
  fact('BI&PD required', dollars(authority.bipdRequiredDollars));
  fact('BI&PD on file', dollars(authority.bipdOnFileDollars));
  if (authority.insurance.length === 0) line('No insurance filings on record');
  for (const filing of authority.insurance) line(filingLine(filing, verdict.judged_on));
  if (authority.revocations.length > 0) {
    subheading('Revocations');
    for (const revocation of authority.revocations) {
      line(
        `${revocation.docket}${revocation.kind ? ` ${AUTHORITY_KIND_LABEL[revocation.kind]}` : ''}: ` +
          `${revocation.type}, served ${day(revocation.servedOn)}, effective ${day(revocation.effectiveOn)}`,
      );
    }
  }
  subheading('Out-of-service orders');
  if (authority.outOfServiceOrders.length === 0) line('None on record');
  for (const order of authority.outOfServiceOrders) {
    line(
      `Ordered ${day(order.orderedOn)}: ${order.reason ?? 'reason not published'}` +
        `${order.status ? ` (${order.status})` : ''}${order.rescindedOn ? `, rescinded ${day(order.rescindedOn)}` : ''}`,
    );
  }

  const { summary } = safety;
  heading(`Safety, 24 months since ${day(safety.since)}`);
  fact('Inspections', summary.total_inspections);
  fact('Violations', summary.total_violations);
  fact('Out-of-service violations', summary.total_oos_violations);
  fact(
    'Driver out-of-service rate',
    `${percent(summary.driver_oos_rate)} of ${summary.driver_inspections} driver inspections (national average ${summary.national_averages.driver_oos_rate}%)`,
  );
  fact(
    'Vehicle out-of-service rate',
    `${percent(summary.vehicle_oos_rate)} of ${summary.vehicle_inspections} vehicle inspections (national average ${summary.national_averages.vehicle_oos_rate}%)`,
  );
  note(`National averages as of ${day(summary.national_averages.as_of)}.`);
  fact(
    'Crashes',
    `${summary.total_crashes} (fatal ${summary.crashes_with_fatalities}, injury ${summary.crashes_with_injuries}, tow-away ${summary.crashes_with_tow_away})`,
  );
  subheading('Violations by BASIC');
  if (safety.by_basic.length === 0) line('No violations cited');
  for (const count of safety.by_basic) {
    line(
      `${count.basic ?? 'BASIC not published'}: ${count.violations} violations, ${count.oos_violations} out of service`,
    );
  }
  subheading(`Inspections (${safety.inspections.total})`);
  if (safety.inspections.total === 0) line('No inspections');
  listedOf(safety.inspections, 'inspections');
  for (const inspection of safety.inspections.listed) {
    line(
      `${inspection.insp_date} ${inspection.report_state ?? '--'} level ${inspection.insp_level_id}` +
        `${inspection.report_number ? ` report ${inspection.report_number}` : ''}: ` +
        `${inspection.viol_total} violations, ${inspection.oos_total} out of service`,
    );
    for (const violation of inspection.violations) {
      line(
        `${violation.viol_code} ${violation.description ?? ''} (${violation.basic ?? 'no BASIC'}` +
          `${violation.unit ? `, unit ${violation.unit}` : ''})${violation.oos ? ' OUT OF SERVICE' : ''}`,
        14,
      );
    }
  }
  subheading(`Crashes (${safety.crashes.total})`);
  if (safety.crashes.total === 0) line('No crashes');
  listedOf(safety.crashes, 'crashes');
  for (const crash of safety.crashes.listed) {
    line(
      `${crash.report_date} ${crash.report_state ?? '--'}: ${crash.fatalities} fatalities, ${crash.injuries} injuries, ` +
        `tow-away ${crash.tow_away ? 'yes' : 'no'}`,
    );
  }

  heading(`Record history, 24 months since ${day(history.since)}`);
  if (history.total === 0) line('No changes recorded');
  listedOf(history, 'changes');
  for (const event of history.listed) {
    const values =
      event.value_before !== null || event.value_after !== null
        ? `: ${event.value_before ?? '(none)'} to ${event.value_after ?? '(none)'}`
        : '';
    line(`${event.effective_on ?? event.first_seen_on} ${event.description}${values}`);
  }

  heading('Data dates');
  const dated = (label: string, isoDay: string | null) =>
    fact(label, isoDay ? day(isoDay) : 'never imported');
  dated('FMCSA census as of', dates.census_as_of);
  dated('Inspections through', dates.inspections_through);
  dated('Crashes through', dates.crashes_through);
  dated('SMS violations through', dates.violations_through);
  dated('Licensing & Insurance (Motus) as of', dates.li_motus);
  dated('Licensing & Insurance (legacy) as of', dates.li_legacy);
  dated('Out-of-service orders as of', dates.out_of_service);
  line(`Report made ${reportTimeText(content.made_at)}.`);

  doc.file(Buffer.from(contentJson, 'utf8'), {
    name: CONTENT_ATTACHMENT,
    type: 'application/json',
    description: `Canonical content of this report; SHA-256 ${contentSha256}`,
    creationDate: new Date(content.made_at),
    modifiedDate: new Date(content.made_at),
  });
  doc.end();
  return done;
}
