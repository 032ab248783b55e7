/**
 * Connected carriers and risk signals (issue 55), computed set-based after each import and sync:
 * each carrier's link keys (core/contact-keys.ts; VINs from the inspections), the keys more than one
 * carrier holds, then each rule of core/signals.ts as one statement, and the search's flag.
 */
import { sql, type RawBuilder } from 'kysely';
import {
  emailCompanyDomain,
  normaliseAddress,
  normaliseEmail,
  normaliseOfficerName,
  normalisePhone,
} from '../../../core/contact-keys.ts';
import { CONTACT_FIELDS } from '../../../core/history.ts';
import {
  CONTACT_LINK_KINDS,
  IDLE_FLEET_UNITS,
  LINK_BOUND,
  RECENT_DAYS,
  ruleBit,
  SEVERAL_CANCELLATIONS,
  SIGNAL_RULE_NAMES,
  WINDOW_MONTHS,
  type LinkedStatus,
  type LinkKindName,
  type SignalRuleName,
} from '../../../core/signals.ts';
import { applyBulkLoadSettings, suspendSecondaryIndexes } from '../../db/bulk-load.ts';
import { sqliteConnection, type Db } from '../../db/database.ts';
import type { LinkKind } from '../../db/schema.ts';
import { ownedDomain } from '../mail/email-addresses.ts';

/** Companies rows read at a time while building keys: bounded memory at any census size. */
const CARRIERS_PER_PAGE = 50_000;

const CENSUS_KINDS: readonly LinkKind[] = ['phone', 'email', 'email_domain', 'address', 'officer'];

interface KeySource {
  dot_number: number;
  phone: string | null;
  cell_phone: string | null;
  fax: string | null;
  email: string | null;
  phy_street: string | null;
  phy_zip: string | null;
  company_officer_1: string | null;
  company_officer_2: string | null;
}

/** A carrier's census link keys, each once. */
export function censusLinkKeys(row: KeySource): [LinkKind, string][] {
  const keys = new Map<string, [LinkKind, string]>();
  const add = (kind: LinkKind, key: string | null) => {
    if (key) keys.set(`${kind}|${key}`, [kind, key]);
  };
  for (const phone of [row.phone, row.cell_phone, row.fax]) add('phone', normalisePhone(phone));
  const email = normaliseEmail(row.email);
  add('email', email);
  // The core list names the common providers; the server's list of free-mail domains is far longer.
  add('email_domain', emailCompanyDomain(email) && ownedDomain(email));
  add('address', normaliseAddress(row.phy_street, row.phy_zip));
  add('officer', normaliseOfficerName(row.company_officer_1));
  add('officer', normaliseOfficerName(row.company_officer_2));
  return [...keys.values()];
}

function daysBefore(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

function monthsBefore(isoDay: string, months: number): string {
  const day = new Date(`${isoDay}T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() - months);
  return day.toISOString().slice(0, 10);
}

/** Writes key rows, each page in one transaction (SQLite: one prepared statement). */
async function insertKeys(db: Db, kinds: string[], keys: string[], dots: number[]): Promise<void> {
  if (kinds.length === 0) return;
  const sqlite = sqliteConnection(db);
  if (sqlite) {
    const insert = sqlite.prepare('INSERT INTO carrier_link_keys (kind, key, dot_number) VALUES (?, ?, ?)');
    sqlite.transaction(() => {
      for (let i = 0; i < kinds.length; i += 1) insert.run(kinds[i], keys[i], dots[i]);
    })();
    return;
  }
  await sql`INSERT INTO carrier_link_keys (kind, key, dot_number)
    SELECT * FROM unnest(${kinds}::text[], ${keys}::text[], ${dots}::int[])`.execute(db);
}

/**
 * The census keys of the carriers written since the last build (every carrier the first time):
 * their old keys go, their new ones come. Returns how many carriers were keyed.
 */
export async function buildCensusLinkKeys(db: Db, now: string): Promise<number> {
  const state = await db
    .selectFrom('signals_state')
    .select('through_at')
    .where('name', '=', 'link_keys')
    .executeTakeFirst();
  const since = state?.through_at ?? null;
  // Every carrier's keys, the first time: into the table without its indexes, built sorted after.
  let restoreIndexes: (() => Promise<void>) | null = null;
  if (since === null) {
    await db.deleteFrom('carrier_link_keys').where('kind', 'in', CENSUS_KINDS).execute();
    restoreIndexes = await suspendSecondaryIndexes(
      db,
      sqliteConnection(db) ? 'sqlite' : 'postgres',
      'carrier_link_keys',
    );
  }
  const restoreSettings = applyBulkLoadSettings(db);
  let keyed = 0;
  for (let after = 0; ;) {
    let query = db
      .selectFrom('companies')
      .select([
        'dot_number',
        'phone',
        'cell_phone',
        'fax',
        'email',
        'phy_street',
        'phy_zip',
        'company_officer_1',
        'company_officer_2',
      ])
      .where('dot_number', '>', after)
      .orderBy('dot_number')
      .limit(CARRIERS_PER_PAGE);
    if (since !== null) query = query.where('updated_at', '>', since);
    const rows = await query.execute();
    if (rows.length === 0) break;
    const dots = rows.map((row) => row.dot_number);
    if (since !== null) {
      // The page's carriers by their range, not by a list: a page holds more than SQLite's bound parameters.
      const changed = since;
      await db
        .deleteFrom('carrier_link_keys')
        .where('dot_number', '>', after)
        .where('dot_number', '<=', dots[dots.length - 1] as number)
        .where('dot_number', 'in', (eb) =>
          eb.selectFrom('companies').select('dot_number').where('updated_at', '>', changed),
        )
        .where('kind', 'in', CENSUS_KINDS)
        .execute();
    }
    const kinds: string[] = [];
    const keys: string[] = [];
    const owners: number[] = [];
    for (const row of rows) {
      for (const [kind, key] of censusLinkKeys(row)) {
        kinds.push(kind);
        keys.push(key);
        owners.push(row.dot_number);
      }
    }
    await insertKeys(db, kinds, keys, owners);
    keyed += rows.length;
    after = dots[dots.length - 1] as number;
    if (rows.length < CARRIERS_PER_PAGE) break;
  }
  restoreSettings();
  await restoreIndexes?.();
  await db
    .insertInto('signals_state')
    .values({ name: 'link_keys', through_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ through_at: now }))
    .execute();
  return keyed;
}

/**
 * VIN keys: the 17-character VINs of the window's inspections that more than one DOT number was
 * inspected under (a VIN seen under one carrier links nobody, so it is not kept).
 */
export async function buildVinLinkKeys(db: Db, today: string): Promise<void> {
  const since = monthsBefore(today, WINDOW_MONTHS);
  await db.deleteFrom('carrier_link_keys').where('kind', '=', 'vin').execute();
  await sql`INSERT INTO carrier_link_keys (kind, key, dot_number)
    WITH vins AS (
      SELECT upper(vin) AS key, dot_number FROM inspections
        WHERE insp_date > ${since} AND insp_date <= ${today} AND length(vin) = 17
      UNION
      SELECT upper(vin2) AS key, dot_number FROM inspections
        WHERE insp_date > ${since} AND insp_date <= ${today} AND length(vin2) = 17
    )
    SELECT 'vin', key, dot_number FROM vins
    WHERE key IN (SELECT key FROM vins GROUP BY key HAVING count(*) > 1)`.execute(db);
}

/** The keys more than one carrier holds, with how many do. */
export async function buildSharedLinkKeys(db: Db): Promise<void> {
  await db.deleteFrom('shared_link_keys').execute();
  await sql`INSERT INTO shared_link_keys (kind, key, carriers)
    SELECT kind, key, count(*) FROM carrier_link_keys GROUP BY kind, key HAVING count(*) > 1`.execute(db);
}

/**
 * What troubles a carrier (`c`, a companies row) on `today`, most serious first, or null: an
 * out-of-service order in force, a revoked authority (a revocation in effect and no authority for
 * hire now), an inactive USDOT number.
 */
function troubleOf(today: string): RawBuilder<LinkedStatus | null> {
  return sql<LinkedStatus | null>`CASE
    WHEN EXISTS (SELECT 1 FROM oos_orders o WHERE o.dot_number = c.dot_number
      AND (o.ordered_on IS NULL OR o.ordered_on <= ${today})
      AND (o.rescinded_on IS NULL OR o.rescinded_on > ${today})) THEN 'out_of_service'
    WHEN c.authorized_for_hire = 0 AND EXISTS (SELECT 1 FROM li_dockets d
      JOIN li_revocations r ON r.docket = d.docket
      WHERE d.dot_number = c.dot_number AND r.effective_on <= ${today}) THEN 'revoked'
    WHEN c.status_code = 'I' THEN 'inactive'
    ELSE NULL END`;
}

/** The revoked carriers with their latest revocation in effect (dot_number, revoked_on). */
function revokedCarriers(today: string): RawBuilder<unknown> {
  return sql`SELECT d.dot_number, max(r.effective_on) AS revoked_on
    FROM li_revocations r
    JOIN li_dockets d ON d.docket = r.docket
    JOIN companies c ON c.dot_number = d.dot_number
    WHERE r.effective_on <= ${today} AND c.authorized_for_hire = 0
    GROUP BY d.dot_number`;
}

const kindList = (kinds: readonly string[]) => sql.join(kinds.map((kind) => sql`${kind}`));

/** Each rule as the statement that writes its signals (dot_number, rule, rests_on, detail). */
function ruleStatements(today: string): Record<SignalRuleName, RawBuilder<unknown>[]> {
  const recent = daysBefore(today, RECENT_DAYS);
  const window = monthsBefore(today, WINDOW_MONTHS);
  const insert = sql`INSERT INTO carrier_signals (dot_number, rule, rests_on, detail)`;
  // A troubled carrier's own keys: the inactive ones are many, the rest few.
  const troubled = sql`SELECT k.kind, k.key, k.dot_number FROM carrier_link_keys k
    JOIN shared_link_keys s ON s.kind = k.kind AND s.key = k.key AND s.carriers <= ${LINK_BOUND}
    JOIN companies c ON c.dot_number = k.dot_number
    WHERE k.kind IN (${kindList(CONTACT_LINK_KINDS)}) AND ${troubleOf(today)} IS NOT NULL`;
  return {
    shares_contact_with_troubled: [
      sql`${insert}
        SELECT k.dot_number, 'shares_contact_with_troubled', NULL, count(DISTINCT t.dot_number)
        FROM (${troubled}) t
        JOIN carrier_link_keys k ON k.kind = t.kind AND k.key = t.key AND k.dot_number <> t.dot_number
        GROUP BY k.dot_number`,
    ],
    successor_of_revoked: [
      sql`${insert}
        SELECT dot_number, 'successor_of_revoked', NULL, prior_revoke_dot_number FROM companies
        WHERE prior_revoke_flag = 1`,
      // CROSS JOIN keeps SQLite's join order: from the few revoked carriers to their officers' carriers.
      sql`${insert}
        SELECT x.dot_number, 'successor_of_revoked', max(rv.revoked_on), min(rv.dot_number)
        FROM (${revokedCarriers(today)}) rv
        CROSS JOIN carrier_link_keys ro
        CROSS JOIN shared_link_keys so
        CROSS JOIN carrier_link_keys xo
        CROSS JOIN companies x
        WHERE ro.dot_number = rv.dot_number AND ro.kind = 'officer'
          AND so.kind = 'officer' AND so.key = ro.key AND so.carriers <= ${LINK_BOUND}
          AND xo.kind = 'officer' AND xo.key = ro.key AND xo.dot_number <> rv.dot_number
          AND x.dot_number = xo.dot_number AND x.add_date > rv.revoked_on
          AND EXISTS (SELECT 1 FROM carrier_link_keys ra
            JOIN carrier_link_keys xa ON xa.kind = 'address' AND xa.key = ra.key AND xa.dot_number = x.dot_number
            WHERE ra.dot_number = rv.dot_number AND ra.kind = 'address')
          AND NOT EXISTS (SELECT 1 FROM carrier_signals e
            WHERE e.dot_number = x.dot_number AND e.rule = 'successor_of_revoked')
        GROUP BY x.dot_number`,
    ],
    shared_vehicles: [
      sql`${insert}
        SELECT k.dot_number, 'shared_vehicles', NULL, count(*) FROM shared_link_keys s
        JOIN carrier_link_keys k ON k.kind = s.kind AND k.key = s.key
        WHERE s.kind = 'vin' AND s.carriers <= ${LINK_BOUND}
        GROUP BY k.dot_number`,
    ],
    new_authority: [
      sql`${insert}
        SELECT d.dot_number, 'new_authority', max(e.action_on), NULL FROM li_authority_events e
        JOIN li_dockets d ON d.docket = e.docket
        WHERE upper(e.action) IN ('GRANTED', 'REINSTATED') AND e.action_on > ${recent}
          AND e.action_on <= ${today} AND d.dot_number IS NOT NULL
        GROUP BY d.dot_number`,
    ],
    contact_changed: [
      sql`${insert}
        SELECT dot_number, 'contact_changed', max(coalesce(effective_on, first_seen_on)), NULL
        FROM record_history_events
        WHERE first_seen_on > ${recent} AND coalesce(effective_on, first_seen_on) > ${recent}
          AND coalesce(effective_on, first_seen_on) <= ${today}
          AND kind = 'record' AND subject IN (${kindList(CONTACT_FIELDS)})
        GROUP BY dot_number`,
    ],
    insurance_cancellations: [
      sql`${insert}
        SELECT d.dot_number, 'insurance_cancellations', max(i.cancellation_effective_on), count(*)
        FROM li_insurance i
        JOIN li_dockets d ON d.docket = i.docket
        WHERE i.cancellation_effective_on > ${window} AND i.cancellation_effective_on <= ${today}
          AND i.ended_by IS NULL AND d.dot_number IS NOT NULL
        GROUP BY d.dot_number
        HAVING count(*) >= ${SEVERAL_CANCELLATIONS}`,
    ],
    po_box_or_undeliverable: [
      // Address keys spell every post office box 'PO BOX n' (normaliseAddress).
      sql`${insert}
        SELECT dot_number, 'po_box_or_undeliverable', NULL, 'po_box' FROM carrier_link_keys
        WHERE kind = 'address' AND key >= 'PO BOX ' AND key < 'PO BOX!'`,
      sql`${insert}
        SELECT dot_number, 'po_box_or_undeliverable', mail_undeliverable_on, 'undeliverable'
        FROM companies c
        WHERE (phy_undeliverable = 1 OR mail_undeliverable_on IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM carrier_signals e
            WHERE e.dot_number = c.dot_number AND e.rule = 'po_box_or_undeliverable')`,
    ],
    // The window's inspected carriers read once, rather than an index probe per large fleet.
    idle_fleet: [
      sql`${insert}
        SELECT c.dot_number, 'idle_fleet', NULL, c.power_units FROM companies c
        WHERE c.power_units >= ${IDLE_FLEET_UNITS} AND c.status_code = 'A' AND c.add_date <= ${window}
          AND c.dot_number NOT IN (SELECT i.dot_number FROM inspections i WHERE i.insp_date > ${window})`,
    ],
  };
}

/**
 * Every rule's signals as of `today`, written in one transaction (pages never see them half
 * done), then the search's flag on the carriers whose answer changed.
 */
export async function computeSignals(db: Db, today: string): Promise<Record<string, number>> {
  const statements = ruleStatements(today);
  const seconds: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('carrier_signals').execute();
    for (const rule of Object.keys(statements) as SignalRuleName[]) {
      const started = performance.now();
      for (const statement of statements[rule]) await statement.execute(trx);
      seconds[rule] = (performance.now() - started) / 1000;
    }
    const started = performance.now();
    const bits = sql.join(
      SIGNAL_RULE_NAMES.map((rule) => sql`WHEN ${rule} THEN ${sql.lit(ruleBit(rule))}`),
      sql` `,
    );
    const mask = sql`(SELECT sum(CASE s.rule ${bits} ELSE 0 END) FROM carrier_signals s
      WHERE s.dot_number = companies.dot_number)`;
    await sql`UPDATE companies SET risk_signals = ${mask}
      WHERE dot_number IN (SELECT dot_number FROM carrier_signals) AND risk_signals <> ${mask}`.execute(trx);
    await sql`UPDATE companies SET risk_signals = 0 WHERE risk_signals <> 0
      AND NOT EXISTS (SELECT 1 FROM carrier_signals s WHERE s.dot_number = companies.dot_number)`.execute(
      trx,
    );
    seconds.flags = (performance.now() - started) / 1000;
  });
  return seconds;
}

export interface SignalsRefresh {
  carriersKeyed: number;
  seconds: { keys: number; shared: number; signals: number };
  /** Seconds of each rule's statements and of the search flag's update. */
  signalSeconds: Record<string, number>;
}

/** Keys, shared keys and signals, after an import or a sync (`now` an ISO time, today its day). */
export async function refreshLinksAndSignals(db: Db, now: string): Promise<SignalsRefresh> {
  const today = now.slice(0, 10);
  const started = performance.now();
  const carriersKeyed = await buildCensusLinkKeys(db, now);
  await buildVinLinkKeys(db, today);
  const keyed = performance.now();
  await buildSharedLinkKeys(db);
  const shared = performance.now();
  const signalSeconds = await computeSignals(db, today);
  // PostgreSQL plans the reads of these tables from their statistics, which autovacuum may not have yet.
  if (!sqliteConnection(db))
    await sql`ANALYZE carrier_link_keys, shared_link_keys, carrier_signals`.execute(db);
  const done = performance.now();
  return {
    carriersKeyed,
    signalSeconds,
    seconds: {
      keys: (keyed - started) / 1000,
      shared: (shared - keyed) / 1000,
      signals: (done - shared) / 1000,
    },
  };
}

export interface StoredSignal {
  rule: string;
  rests_on: string | null;
  detail: string | null;
  /** The carrier's reply on the signal (carrier_replies), if it wrote one. */
  reply: { body: string; updated_at: string } | null;
}

export interface LinkedCarrier {
  kind: LinkKindName;
  dot_number: number;
  name: string;
  status: LinkedStatus;
}

export interface CommonValue {
  kind: LinkKindName;
  carriers: number;
}

export interface CarrierConnections {
  signals: StoredSignal[];
  links: LinkedCarrier[];
  /** Values of this carrier too many carriers share to link them (LINK_BOUND). */
  common: CommonValue[];
}

interface ConnectionRow {
  what: 'signal' | 'link' | 'common';
  name: string;
  dot_number: number | null;
  label: string | null;
  rests_on: string | null;
  detail: string | null;
  carriers: number | string | null;
  /** A signal's reply from the carrier (carrier_replies), when it has one. */
  reply_body: string | null;
  replied_at: string | null;
}

/** A carrier's signals with the carrier's replies, links and too-common values, in one query (the profile's budget). */
export async function readConnections(db: Db, dotNumber: number, today: string): Promise<CarrierConnections> {
  const linked = sql`SELECT 'link' AS what, k.kind AS name, c.dot_number, c.name AS label,
      ${troubleOf(today)} AS rests_on, CAST(NULL AS text) AS detail, CAST(NULL AS integer) AS carriers, CAST(NULL AS text) AS reply_body, CAST(NULL AS text) AS replied_at
    FROM carrier_link_keys k
    JOIN shared_link_keys s ON s.kind = k.kind AND s.key = k.key AND s.carriers <= ${LINK_BOUND}
    JOIN carrier_link_keys o ON o.kind = k.kind AND o.key = k.key AND o.dot_number <> k.dot_number
    JOIN companies c ON c.dot_number = o.dot_number
    WHERE k.dot_number = ${dotNumber}`;
  // Both ways of FMCSA's link, each an index read: the carrier it follows, and the carriers following it.
  const priorLink = sql`SELECT 'link' AS what, 'prior_revocation' AS name, c.dot_number, c.name AS label,
      ${troubleOf(today)} AS rests_on, CAST(NULL AS text) AS detail, CAST(NULL AS integer) AS carriers,
      CAST(NULL AS text) AS reply_body, CAST(NULL AS text) AS replied_at`;
  const prior = sql`${priorLink}
    FROM companies x JOIN companies c ON c.dot_number = x.prior_revoke_dot_number
    WHERE x.dot_number = ${dotNumber} AND x.prior_revoke_flag = 1
    UNION ALL ${priorLink}
    FROM companies c WHERE c.prior_revoke_dot_number = ${dotNumber} AND c.prior_revoke_flag = 1`;
  const rows = await sql<ConnectionRow>`
    SELECT 'signal' AS what, g.rule AS name, CAST(NULL AS integer) AS dot_number, CAST(NULL AS text) AS label,
        g.rests_on, g.detail, CAST(NULL AS integer) AS carriers, r.body AS reply_body, r.updated_at AS replied_at
      FROM carrier_signals g LEFT JOIN carrier_replies r
        ON r.dot_number = g.dot_number AND r.subject_kind = 'signal' AND r.subject_key = g.rule
      WHERE g.dot_number = ${dotNumber}
    UNION ALL ${linked}
    UNION ALL ${prior}
    UNION ALL SELECT 'common' AS what, k.kind AS name, CAST(NULL AS integer) AS dot_number,
        CAST(NULL AS text) AS label, CAST(NULL AS text) AS rests_on, CAST(NULL AS text) AS detail, s.carriers, CAST(NULL AS text) AS reply_body, CAST(NULL AS text) AS replied_at
      FROM carrier_link_keys k JOIN shared_link_keys s ON s.kind = k.kind AND s.key = k.key
      WHERE k.dot_number = ${dotNumber} AND s.carriers > ${LINK_BOUND}`.execute(db);
  const result: CarrierConnections = { signals: [], links: [], common: [] };
  const seen = new Set<string>();
  for (const row of rows.rows) {
    if (row.what === 'signal') {
      const reply =
        row.reply_body !== null && row.replied_at !== null
          ? { body: row.reply_body, updated_at: row.replied_at }
          : null;
      result.signals.push({ rule: row.name, rests_on: row.rests_on, detail: row.detail, reply });
    } else if (row.what === 'link') {
      const key = `${row.name}|${row.dot_number}`;
      if (seen.has(key)) continue;
      seen.add(key);
      result.links.push({
        kind: row.name as LinkKindName,
        dot_number: row.dot_number as number,
        name: row.label ?? '',
        status: (row.rests_on as LinkedStatus | null) ?? 'active',
      });
    } else {
      result.common.push({ kind: row.name as LinkKindName, carriers: Number(row.carriers) });
    }
  }
  return result;
}
