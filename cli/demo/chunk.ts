/**
 * Generates the demo data in chunks of carriers. A chunk's rows depend only on the options and the
 * chunk's number (its own seeded random streams and ID ranges), so chunks can be generated on several
 * threads and written in order with byte-identical results.
 */
import { LiRows, type LiLines } from './authority.ts';
import { CarrierModel } from './carrier.ts';
import { CensusRowBuilder } from './census.ts';
import { CrashRows } from './crashes.ts';
import { DemoCalendar } from './dates.ts';
import { Geography } from './geography.ts';
import { InspectionRows } from './inspections.ts';
import { deriveSeed, Rng } from './random.ts';

/** Carriers per chunk: the census is written in batches of this many rows. */
export const CHUNK_CARRIERS = 1000;

/** What a chunk depends on; plain data so it can be handed to a worker thread. */
export interface ChunkParams {
  carriers: number;
  seed: number;
  /** `today` as epoch milliseconds. */
  today: number;
  inspectionsPerCarrierScale: number;
}

/** A chunk's lines of each file (each line ending in `\n`), as text or UTF-8, and its counts. */
export interface ChunkOutput<Data extends string | Uint8Array> {
  chunk: number;
  census: Data;
  inspections: Data;
  crashes: Data;
  /** SMS Input - Violation rows of the inspections. */
  violations: Data;
  /** The L&I files' lines (authority.ts): Carrier, Insur, ActPendInsur, AuthHist, Revocation. */
  li: Record<keyof LiLines, Data>;
  inspectionCount: number;
  violationCount: number;
  crashCount: number;
  crashRowCount: number;
}

/** The seed streams the L&I rows and the violations derive their chunks' streams from. */
const LI_STREAM = -1;
const VIOLATION_STREAM = -2;

export function chunkCount(carriers: number): number {
  return Math.ceil(carriers / CHUNK_CARRIERS);
}

function lines(rows: string[]): string {
  return rows.length === 0 ? '' : rows.join('\n') + '\n';
}

export class ChunkGenerator {
  private readonly params: ChunkParams;
  private readonly model: CarrierModel;
  private readonly censusRows: CensusRowBuilder;
  private readonly inspectionRows: InspectionRows;
  private readonly crashRows: CrashRows;
  private readonly liRows: LiRows;

  constructor(params: ChunkParams) {
    this.params = params;
    const calendar = new DemoCalendar(new Date(params.today));
    const geography = new Geography();
    this.model = new CarrierModel(params.carriers, calendar, geography);
    this.censusRows = new CensusRowBuilder(calendar);
    this.inspectionRows = new InspectionRows(calendar, geography, params.inspectionsPerCarrierScale);
    this.crashRows = new CrashRows(calendar, geography);
    this.liRows = new LiRows(calendar.today);
  }

  generate(chunk: number): ChunkOutput<string> {
    const first = chunk * CHUNK_CARRIERS;
    const end = Math.min(this.params.carriers, first + CHUNK_CARRIERS);
    // Two streams per chunk, so the census depends only on seed and carrier count, not on the
    // inspection scale.
    const carrierRng = new Rng(deriveSeed(this.params.seed, 2 * chunk + 1));
    const activityRng = new Rng(deriveSeed(this.params.seed, 2 * chunk + 2));
    // A stream of its own, so the L&I files leave the census and activity files as they were.
    const liRng = new Rng(deriveSeed(deriveSeed(this.params.seed, LI_STREAM), chunk));
    const violationRng = new Rng(deriveSeed(deriveSeed(this.params.seed, VIOLATION_STREAM), chunk));
    const li: LiLines = { carrier: [], insur: [], actPendInsur: [], authHist: [], revocation: [] };
    this.inspectionRows.startChunk(chunk);
    this.crashRows.startChunk(chunk);

    const census: string[] = [];
    const inspections: string[] = [];
    const crashes: string[] = [];
    const violations = {
      rng: violationRng,
      lines: [] as string[],
      emit: (line: string) => violations.lines.push(line),
    };
    const emitInspection = (line: string) => inspections.push(line);
    const emitCrash = (line: string) => crashes.push(line);
    let crashCount = 0;
    for (let i = first; i < end; i++) {
      const carrier = this.model.create(carrierRng, i);
      census.push(this.censusRows.build(carrier));
      this.inspectionRows.generate(activityRng, carrier, emitInspection, violations);
      crashCount += this.crashRows.generate(activityRng, carrier, emitCrash);
      this.liRows.generate(liRng, carrier, li);
    }
    return {
      chunk,
      census: lines(census),
      inspections: lines(inspections),
      crashes: lines(crashes),
      violations: lines(violations.lines),
      li: {
        carrier: lines(li.carrier),
        insur: lines(li.insur),
        actPendInsur: lines(li.actPendInsur),
        authHist: lines(li.authHist),
        revocation: lines(li.revocation),
      },
      inspectionCount: inspections.length,
      violationCount: violations.lines.length,
      crashCount,
      crashRowCount: crashes.length,
    };
  }
}
