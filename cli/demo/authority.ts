/**
 * The Licensing & Insurance side of the demo model: for each census carrier holding an MC or MX
 * docket, the rows FMCSA's legacy L&I text downloads would carry (Carrier, Insur, ActPendInsur,
 * AuthHist without header; Revocation with its header, as published). Consistent with the census:
 * an active docket has active authority and BI&PD on file (BMC-84/85 security for brokers), some with
 * a cancellation pending; an inactive one was mostly revoked, involuntarily or at the carrier's request.
 */
import type { DemoCarrier } from './carrier.ts';
import { MS_PER_DAY } from './dates.ts';
import { type Rng, WeightedTable } from './random.ts';

export const LI_REVOCATION_HEADER =
  '"DOCKET_NUMBER","DOT_NUMBER","OPERATING_AUTHORITY_REGISTRATION_TYPE","SERVE_DATE","REVOCATION_TYPE","EFFECTIVE_DATE"';

export interface LiLines {
  carrier: string[];
  insur: string[];
  actPendInsur: string[];
  authHist: string[];
  revocation: string[];
}

const INSURERS = WeightedTable.of([
  ['PROGRESSIVE COUNTY MUTUAL INSURANCE COMPANY', 22],
  ['NORTHLAND INSURANCE COMPANY', 12],
  ['GREAT WEST CASUALTY COMPANY', 12],
  ['NATIONAL INDEMNITY COMPANY', 10],
  ['CANAL INSURANCE COMPANY', 8],
  ['OLD REPUBLIC INSURANCE COMPANY', 6],
  ['ARTISAN AND TRUCKERS CASUALTY COMPANY', 10],
  ['SENTRY SELECT INSURANCE COMPANY', 5],
  ['CAROLINA CASUALTY INSURANCE COMPANY', 5],
  ['DB INSURANCE CO., LTD (U.S.BRANCH)', 4],
  ['AMERICAN MILLENNIUM INS/CITADEL REINSURANCE', 3],
  ['ZURICH AMERICAN INSURANCE COMPANY', 3],
]);
const SURETIES = WeightedTable.of([
  ['JET INSURANCE COMPANY', 40],
  ['ROACH-HOWARD, SMITH & BARTON', 25],
  ['TRAVELERS CASUALTY AND SURETY COMPANY OF AMERICA', 20],
  ['WESTERN SURETY COMPANY', 15],
]);

/** `MM/DD/YYYY`, as the legacy files write dates. */
function day(dayNumber: number): string {
  const iso = new Date(dayNumber * MS_PER_DAY).toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** Thousands of dollars, zero-padded to 5 as Insur writes them. */
const padded = (thousands: number) => String(thousands).padStart(5, '0');
const quoted = (fields: readonly string[]) => fields.map((field) => `"${field}"`).join(',');

function policy(rng: Rng): string {
  const letters = 'ABCDEFGHJKLMNPRSTWX';
  return `${rng.pick([...letters])}${rng.pick([...letters])}${rng.int(100_000, 999_999)}-${String(rng.int(0, 9)).padStart(2, '0')}`;
}

export class LiRows {
  constructor(private readonly today: number) {}

  generate(rng: Rng, carrier: DemoCarrier, out: LiLines): void {
    const docket = carrier.dockets.find((candidate) => candidate.prefix !== 'FF');
    if (!docket) return;
    const { today } = this;
    const number = `${docket.prefix}${docket.number.padStart(6, '0')}`;
    const dot = String(carrier.dot).padStart(8, '0');
    const broker = carrier.carship.includes('B');
    const hauls = carrier.carship.includes('C');
    const active = docket.status === 'A' && carrier.status === 'A';
    const granted = Math.min(today - 30, carrier.addDay + rng.int(20, 120));
    const kinds: ('COMMON' | 'CONTRACT' | 'BROKER')[] = [];
    if (hauls) kinds.push(rng.chance(0.08) ? 'CONTRACT' : 'COMMON');
    if (broker) kinds.push('BROKER');
    for (const kind of kinds)
      out.authHist.push(quoted([number, dot, '', kind, 'GRANTED', day(granted), '', '', '']));

    const required = !hauls ? 0 : carrier.hazmat || carrier.profile.passenger ? 5000 : 750;
    const onFile = active && hauls ? (rng.chance(0.3) ? 1000 : required) : 0;
    // Active: insurance in force, a few with a cancellation on its way or a revocation pending.
    const cancelling = active && rng.chance(0.05);
    const revocationPending = active && !cancelling && rng.chance(0.02);
    const letter = (kind: string) => {
      if (!kinds.includes(kind as never)) return 'N';
      return active ? 'A' : 'I';
    };
    const fields = Array.from({ length: 43 }, () => '');
    Object.assign(fields, {
      0: number,
      1: dot,
      2: docket.prefix === 'MX' ? 'X' : '',
      4: kinds.includes('COMMON') ? letter('COMMON') : 'N',
      5: kinds.includes('CONTRACT') ? letter('CONTRACT') : 'N',
      6: letter('BROKER'),
      7: 'N',
      8: 'N',
      9: 'N',
      10: revocationPending && kinds.includes('COMMON') ? 'Y' : 'N',
      11: revocationPending && kinds.includes('CONTRACT') ? 'Y' : 'N',
      12: 'N',
      13: hauls && !carrier.profile.passenger ? 'Y' : 'N',
      14: carrier.profile.passenger ? 'Y' : 'N',
      15: 'N',
      16: 'N',
      17: 'N',
      18: padded(required),
      19: 'N',
      20: broker ? 'Y' : 'N',
      21: padded(onFile),
      22: 'N',
      23: broker && active ? 'Y' : 'N',
      24: 'Y',
      25: carrier.dbaName,
      26: carrier.legalName,
      27: carrier.physical.street,
      29: carrier.physical.city,
      30: carrier.physical.state,
      31: 'US',
      32: carrier.physical.zip.slice(0, 5),
      33: carrier.phone,
    });
    out.carrier.push(quoted(fields.map((field) => field.replaceAll('"', "'"))));

    if (active) {
      const effective = Math.max(granted, today - rng.int(30, 1500));
      if (hauls) {
        const insurer = INSURERS.pick(rng);
        const policyNumber = policy(rng);
        out.insur.push(
          quoted([number, '1', 'P', padded(onFile), '00000', policyNumber, day(effective), '91X', insurer]),
        );
        if (cancelling) {
          out.actPendInsur.push(
            `${quoted([number, dot, '91X', 'BIPD/Primary', insurer, policyNumber, day(effective)])},0,${onFile},` +
              quoted([day(effective), day(today + rng.int(5, 40))]),
          );
        }
        if (rng.chance(0.3)) {
          out.insur.push(
            quoted([number, '2', '', '00000', '00000', policy(rng), day(effective), '34', insurer]),
          );
        }
      }
      if (broker) {
        const trust = rng.chance(0.1);
        out.insur.push(
          quoted([
            number,
            trust ? '4' : '3',
            '',
            '00000',
            '00000',
            trust ? `TF${rng.int(10_000, 99_999)}` : `BX${rng.int(1_000_000, 9_999_999)}`,
            day(Math.max(granted, today - rng.int(30, 2000))),
            trust ? '85' : '84',
            SURETIES.pick(rng),
          ]),
        );
      }
      if (revocationPending) {
        const served = today - rng.int(1, 20);
        out.revocation.push(
          quoted([number, dot, kinds[0] as string, day(served), 'INVOLUNTARY REVOCATION', day(served + 30)]),
        );
      }
      return;
    }
    // Inactive: most were revoked for lapsed insurance, some at the carrier's own request.
    const served = Math.min(today - 35, Math.max(granted + 60, today - rng.int(60, 3000)));
    const r = rng.next();
    for (const kind of kinds) {
      if (r < 0.65) {
        out.revocation.push(
          quoted([number, dot, kind, day(served), 'INVOLUNTARY REVOCATION', day(served + 30)]),
        );
        out.authHist.push(
          quoted([
            number,
            dot,
            '',
            kind,
            'INVOLUNTARY REVOCATION',
            day(served),
            'REVOKED',
            day(served + 30),
            day(served + 30),
          ]),
        );
      } else if (r < 0.85) {
        // Voluntary revocations carry no effective date.
        out.revocation.push(quoted([number, dot, kind, day(served), 'VOLUNTARY REVOCATION', '']));
      }
    }
  }
}
