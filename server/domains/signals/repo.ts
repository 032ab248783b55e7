/**
 * Connected carriers and risk signals (issue 55), computed set-based after each import and sync:
 * each carrier's link keys (core/contact-keys.ts; VINs from the inspections), the keys more than one
 * carrier holds, then each rule of core/signals.ts as one statement, and the search's flag.
 */
import { createHash } from 'node:crypto';
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

/** Key rows as three columns, the shape insertKeys and deleteKeys take. */
interface KeyRows {
  kinds: LinkKind[];
  keys: string[];
  dots: number[];
}

/** KeyRows of rows that hold one key each. */
function keyRowsOf(rows: readonly { kind: LinkKind; key: string; dot_number: number }[]): KeyRows {
  return {
    kinds: rows.map((row) => row.kind),
    keys: rows.map((row) => row.key),
    dots: rows.map((row) => row.dot_number),
  };
}

/** The census keys of `rows`, each a row of its own. */
function censusKeysOf(rows: readonly KeySource[]) {
  return rows.flatMap((row) =>
    censusLinkKeys(row).map(([kind, key]) => ({ kind, key, dot_number: row.dot_number })),
  );
}

/** Writes key rows, each page in one transaction (SQLite: one prepared statement). */
async function insertKeys(db: Db, { kinds, keys, dots }: KeyRows): Promise<void> {
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

/** Above every DOT number (PostgreSQL's integer). */
export const LAST_DOT_NUMBER = 2_147_483_647;

/** Changed carriers keyed at a time in a daily build: their numbers go into IN lists. */
const CHANGED_PER_PAGE = 1_000;

/** Removes key rows, each page in one transaction (SQLite: one prepared statement). */
async function deleteKeys(db: Db, { kinds, keys, dots }: KeyRows): Promise<void> {
  if (kinds.length === 0) return;
  const sqlite = sqliteConnection(db);
  if (sqlite) {
    const remove = sqlite.prepare(
      'DELETE FROM carrier_link_keys WHERE kind = ? AND key = ? AND dot_number = ?',
    );
    sqlite.transaction(() => {
      for (let i = 0; i < kinds.length; i += 1) remove.run(kinds[i], keys[i], dots[i]);
    })();
    return;
  }
  await sql`DELETE FROM carrier_link_keys k
    USING unnest(${kinds}::text[], ${keys}::text[], ${dots}::int[]) AS gone(kind, key, dot_number)
    WHERE k.kind = gone.kind AND k.key = gone.key AND k.dot_number = gone.dot_number`.execute(db);
}

/**
 * The census keys of written carriers that differ from the stored ones. Most census writes change
 * no contact, so their keys stay, and with them every count and link they take part in.
 */
async function censusKeyChanges(db: Db, rows: KeySource[]): Promise<{ gone: KeyRows; come: KeyRows }> {
  const stored = await db
    .selectFrom('carrier_link_keys')
    .select(['kind', 'key', 'dot_number'])
    .where(
      'dot_number',
      'in',
      rows.map((row) => row.dot_number),
    )
    .where('kind', 'in', CENSUS_KINDS)
    .execute();
  const held = (row: { kind: string; key: string; dot_number: number }) =>
    `${row.dot_number}|${row.kind}|${row.key}`;
  const storedKeys = new Set(stored.map(held));
  // What is left of the stored keys once the current ones are taken out is what went.
  const come = keyRowsOf(censusKeysOf(rows).filter((row) => !storedKeys.delete(held(row))));
  const gone = keyRowsOf(stored.filter((row) => storedKeys.has(held(row))));
  return { gone, come };
}

/** Notes keys whose holders changed, for the shared keys' counts and the holders' signals. */
async function noteKeysChanged(db: Db, { kinds, keys }: KeyRows): Promise<void> {
  for (let start = 0; start < kinds.length; start += CHANGED_PER_PAGE) {
    await db
      .insertInto('changed_link_keys')
      .values(
        kinds
          .slice(start, start + CHANGED_PER_PAGE)
          .map((kind, index) => ({ kind, key: keys[start + index] as string })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * Notes carriers whose signals the next build must compute again; `linked`: and their linked carriers',
 * because what those see of them (their status, their revocation) may have changed.
 */
export async function markSignalsDue(db: Db, dots: readonly number[], linked = true): Promise<void> {
  for (let start = 0; start < dots.length; start += CHANGED_PER_PAGE) {
    const page = dots.slice(start, start + CHANGED_PER_PAGE);
    await db
      .insertInto('signals_due')
      .values(page.map((dot_number) => ({ dot_number, linked: linked ? 1 : 0 })))
      .onConflict((oc) =>
        linked ? oc.column('dot_number').doUpdateSet({ linked: 1 }) : oc.column('dot_number').doNothing(),
      )
      .execute();
  }
}

/**
 * Marks written carriers due: with their linked carriers where they became or stopped being inactive
 * since the last build saw them (signals_inactive, kept here), else alone. The census holds no other
 * part of what linked carriers see; L&I and out-of-service changes mark theirs (refreshSearchFlags).
 */
async function markWrittenDue(db: Db, rows: readonly { dot_number: number; status_code: string | null }[]) {
  const seenInactive = new Set(
    (
      await db
        .selectFrom('signals_inactive')
        .select('dot_number')
        .where(
          'dot_number',
          'in',
          rows.map((row) => row.dot_number),
        )
        .execute()
    ).map((row) => row.dot_number),
  );
  const turnedNow = (row: (typeof rows)[number]) =>
    (row.status_code === 'I') !== seenInactive.has(row.dot_number);
  const turned = rows.filter(turnedNow);
  const dots = (list: readonly { dot_number: number }[]) => list.map((row) => row.dot_number);
  await markSignalsDue(db, dots(turned));
  await markSignalsDue(db, dots(rows.filter((row) => !turnedNow(row))), false);
  const inactive = dots(turned.filter((row) => row.status_code === 'I'));
  const active = dots(turned.filter((row) => row.status_code !== 'I'));
  if (inactive.length > 0)
    await db
      .insertInto('signals_inactive')
      .values(inactive.map((dot_number) => ({ dot_number })))
      .execute();
  if (active.length > 0) await db.deleteFrom('signals_inactive').where('dot_number', 'in', active).execute();
}

/**
 * The census keys of the carriers written since the last build, or of every carrier when `full`:
 * their old keys go, their new ones come. A daily build notes the carriers as due and the keys that
 * went or came as changed, for the shared keys and the signals. Returns the carriers keyed.
 */
export async function buildCensusLinkKeys(db: Db, now: string, full: boolean): Promise<number> {
  const state = await db
    .selectFrom('signals_state')
    .select('through_at')
    .where('name', '=', 'link_keys')
    .executeTakeFirst();
  const since = full ? null : (state?.through_at ?? null);
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
  const columns = [
    'dot_number',
    'updated_at',
    'phone',
    'cell_phone',
    'fax',
    'email',
    'phy_street',
    'phy_zip',
    'company_officer_1',
    'company_officer_2',
    'status_code',
  ] as const;
  let keyed = 0;
  // A full build pages by DOT number; a daily one through the index of the rows written since,
  // starting after every DOT number written at `since` itself (the last build read those).
  let after = { updated_at: since ?? '', dot_number: since === null ? 0 : LAST_DOT_NUMBER };
  for (;;) {
    const from = after;
    const rows =
      since === null
        ? await db
            .selectFrom('companies')
            .select(columns)
            .where('dot_number', '>', from.dot_number)
            .orderBy('dot_number')
            .limit(CARRIERS_PER_PAGE)
            .execute()
        : await db
            .selectFrom('companies')
            .select(columns)
            .where(sql<boolean>`(updated_at, dot_number) > (${from.updated_at}, ${from.dot_number})`)
            .orderBy('updated_at')
            .orderBy('dot_number')
            .limit(CHANGED_PER_PAGE)
            .execute();
    if (rows.length === 0) break;
    if (since === null) await insertKeys(db, keyRowsOf(censusKeysOf(rows)));
    else {
      const { gone, come } = await censusKeyChanges(db, rows);
      // Noted before the keys change, so a build killed halfway leaves them for the next one.
      await markWrittenDue(db, rows);
      await noteKeysChanged(db, gone);
      await noteKeysChanged(db, come);
      await deleteKeys(db, gone);
      await insertKeys(db, come);
    }
    keyed += rows.length;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { updated_at: last.updated_at, dot_number: last.dot_number };
    if (rows.length < (since === null ? CARRIERS_PER_PAGE : CHANGED_PER_PAGE)) break;
  }
  restoreSettings();
  await restoreIndexes?.();
  if (since === null) {
    await db.deleteFrom('signals_inactive').execute();
    await sql`INSERT INTO signals_inactive (dot_number)
      SELECT dot_number FROM companies WHERE status_code = 'I'`.execute(db);
  }
  await db
    .insertInto('signals_state')
    .values({ name: 'link_keys', through_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ through_at: now }))
    .execute();
  return keyed;
}

/** The 17-character VINs of the window's inspections that more than one DOT number was inspected under. */
function windowVins(today: string): RawBuilder<unknown> {
  const since = monthsBefore(today, WINDOW_MONTHS);
  return sql`WITH vins AS (
      SELECT upper(vin) AS key, dot_number FROM inspections
        WHERE insp_date > ${since} AND insp_date <= ${today} AND length(vin) = 17
      UNION
      SELECT upper(vin2) AS key, dot_number FROM inspections
        WHERE insp_date > ${since} AND insp_date <= ${today} AND length(vin2) = 17
    )
    SELECT key, dot_number FROM vins
    WHERE key IN (SELECT key FROM vins GROUP BY key HAVING count(*) > 1)`;
}

/**
 * VIN keys (a VIN seen under one carrier links nobody, so it is not kept). A full build writes
 * them; a daily one compares the window's with the stored ones and changes only the difference,
 * noting its VINs as changed and their carriers as due.
 */
export async function buildVinLinkKeys(db: Db, today: string, full: boolean): Promise<void> {
  if (full) {
    await db.deleteFrom('carrier_link_keys').where('kind', '=', 'vin').execute();
    await sql`INSERT INTO carrier_link_keys (kind, key, dot_number)
      SELECT 'vin', key, dot_number FROM (${windowVins(today)}) w`.execute(db);
    return;
  }
  await db.deleteFrom('vin_link_keys_next').execute();
  await sql`INSERT INTO vin_link_keys_next (key, dot_number) ${windowVins(today)}`.execute(db);
  const gone = sql`FROM carrier_link_keys k WHERE k.kind = 'vin' AND NOT EXISTS
    (SELECT 1 FROM vin_link_keys_next n WHERE n.key = k.key AND n.dot_number = k.dot_number)`;
  const come = sql`FROM vin_link_keys_next n WHERE NOT EXISTS
    (SELECT 1 FROM carrier_link_keys k WHERE k.kind = 'vin' AND k.key = n.key AND k.dot_number = n.dot_number)`;
  for (const [alias, rows] of [
    ['k', gone],
    ['n', come],
  ] as const) {
    const table = sql.raw(alias);
    await sql`INSERT INTO changed_link_keys (kind, key) SELECT DISTINCT 'vin', ${table}.key ${rows}
      ON CONFLICT DO NOTHING`.execute(db);
    await sql`INSERT INTO signals_due (dot_number, linked) SELECT DISTINCT ${table}.dot_number, 0 ${rows}
      ON CONFLICT DO NOTHING`.execute(db);
  }
  await sql`DELETE FROM carrier_link_keys WHERE kind = 'vin' AND NOT EXISTS
    (SELECT 1 FROM vin_link_keys_next n WHERE n.key = carrier_link_keys.key
      AND n.dot_number = carrier_link_keys.dot_number)`.execute(db);
  await sql`INSERT INTO carrier_link_keys (kind, key, dot_number) SELECT 'vin', n.key, n.dot_number ${come}`.execute(
    db,
  );
  await db.deleteFrom('vin_link_keys_next').execute();
}

/** Every key more than one carrier holds, with how many do: the full build's. */
export async function buildSharedLinkKeys(db: Db): Promise<void> {
  await db.deleteFrom('shared_link_keys').execute();
  await sql`INSERT INTO shared_link_keys (kind, key, carriers)
    SELECT kind, key, count(*) FROM carrier_link_keys GROUP BY kind, key HAVING count(*) > 1`.execute(db);
}

/**
 * The daily build's shared keys: the changed keys counted again. Their holders are due where the
 * key linked carriers before or links them now; so are the carriers linked to a due one whose
 * status (out of service, revoked, inactive) may have changed (signals_due.linked).
 */
async function updateSharedLinkKeys(db: Db): Promise<void> {
  const bounded = sql.lit(LINK_BOUND);
  await sql`INSERT INTO signals_due (dot_number, linked)
    SELECT DISTINCT o.dot_number, 0 FROM signals_due d
    CROSS JOIN carrier_link_keys k
    CROSS JOIN shared_link_keys s
    CROSS JOIN carrier_link_keys o
    WHERE d.linked = 1 AND k.dot_number = d.dot_number AND s.kind = k.kind AND s.key = k.key AND s.carriers <= ${bounded}
      AND o.kind = k.kind AND o.key = k.key
    ON CONFLICT DO NOTHING`.execute(db);
  const holders = sql`SELECT DISTINCT k.dot_number FROM changed_link_keys ch
    CROSS JOIN carrier_link_keys k
    WHERE k.kind = ch.kind AND k.key = ch.key`;
  await sql`INSERT INTO signals_due (dot_number) ${holders} AND NOT EXISTS (SELECT 1 FROM shared_link_keys s
      WHERE s.kind = ch.kind AND s.key = ch.key AND s.carriers > ${bounded})
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`DELETE FROM shared_link_keys WHERE (kind, key) IN (SELECT kind, key FROM changed_link_keys)`.execute(
    db,
  );
  await sql`INSERT INTO shared_link_keys (kind, key, carriers)
    SELECT k.kind, k.key, count(*) FROM changed_link_keys ch
    CROSS JOIN carrier_link_keys k
    WHERE k.kind = ch.kind AND k.key = ch.key
    GROUP BY k.kind, k.key HAVING count(*) > 1`.execute(db);
  await sql`INSERT INTO signals_due (dot_number) ${holders} AND EXISTS (SELECT 1 FROM shared_link_keys s
      WHERE s.kind = ch.kind AND s.key = ch.key AND s.carriers <= ${bounded})
    ON CONFLICT DO NOTHING`.execute(db);
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

/**
 * The rules a daily build computes for its due carriers only: they follow a carrier's own row and
 * keys and those of the carriers its keys link it to. The others read a window of dated rows
 * through its index, so a daily build computes them whole (docs/decisions/155).
 */
const DUE_RULES = [
  'shares_contact_with_troubled',
  'successor_of_revoked',
  'shared_vehicles',
  'po_box_or_undeliverable',
] as const satisfies readonly SignalRuleName[];
type DueRuleName = (typeof DUE_RULES)[number];
const WHOLE_RULES = SIGNAL_RULE_NAMES.filter((rule) => !(DUE_RULES as readonly string[]).includes(rule));

const INSERT_SIGNAL = sql`INSERT INTO carrier_signals (dot_number, rule, rests_on, detail)`;

/** Each due rule as the statements that write its signals for every carrier. */
function dueRulesForAll(today: string): Record<DueRuleName, RawBuilder<unknown>[]> {
  // A troubled carrier's own keys: the inactive ones are many, the rest few.
  const troubled = sql`SELECT k.kind, k.key, k.dot_number FROM carrier_link_keys k
    JOIN shared_link_keys s ON s.kind = k.kind AND s.key = k.key AND s.carriers <= ${LINK_BOUND}
    JOIN companies c ON c.dot_number = k.dot_number
    WHERE k.kind IN (${kindList(CONTACT_LINK_KINDS)}) AND ${troubleOf(today)} IS NOT NULL`;
  return {
    shares_contact_with_troubled: [
      sql`${INSERT_SIGNAL}
        SELECT k.dot_number, 'shares_contact_with_troubled', NULL, count(DISTINCT t.dot_number)
        FROM (${troubled}) t
        JOIN carrier_link_keys k ON k.kind = t.kind AND k.key = t.key AND k.dot_number <> t.dot_number
        GROUP BY k.dot_number`,
    ],
    successor_of_revoked: [
      sql`${INSERT_SIGNAL}
        SELECT dot_number, 'successor_of_revoked', NULL, prior_revoke_dot_number FROM companies
        WHERE prior_revoke_flag = 1`,
      // CROSS JOIN keeps SQLite's join order: from the few revoked carriers to their officers' carriers.
      sql`${INSERT_SIGNAL}
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
      sql`${INSERT_SIGNAL}
        SELECT k.dot_number, 'shared_vehicles', NULL, count(*) FROM shared_link_keys s
        JOIN carrier_link_keys k ON k.kind = s.kind AND k.key = s.key
        WHERE s.kind = 'vin' AND s.carriers <= ${LINK_BOUND}
        GROUP BY k.dot_number`,
    ],
    po_box_or_undeliverable: [
      // Address keys spell every post office box 'PO BOX n' (normaliseAddress).
      sql`${INSERT_SIGNAL}
        SELECT dot_number, 'po_box_or_undeliverable', NULL, 'po_box' FROM carrier_link_keys
        WHERE kind = 'address' AND key >= 'PO BOX ' AND key < 'PO BOX!'`,
      sql`${INSERT_SIGNAL}
        SELECT dot_number, 'po_box_or_undeliverable', mail_undeliverable_on, 'undeliverable'
        FROM companies c
        WHERE (phy_undeliverable = 1 OR mail_undeliverable_on IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM carrier_signals e
            WHERE e.dot_number = c.dot_number AND e.rule = 'po_box_or_undeliverable')`,
    ],
  };
}

/**
 * The same rules for the due carriers only (signals_due), each read from the due carrier outward
 * (CROSS JOIN keeps SQLite's order). They must answer as dueRulesForAll does: the test of the daily
 * build compares the two.
 */
function dueRulesForDue(today: string): Record<DueRuleName, RawBuilder<unknown>[]> {
  return {
    shares_contact_with_troubled: [
      sql`${INSERT_SIGNAL}
        SELECT k.dot_number, 'shares_contact_with_troubled', NULL, count(DISTINCT c.dot_number)
        FROM signals_due due
        CROSS JOIN carrier_link_keys k
        CROSS JOIN shared_link_keys s
        CROSS JOIN carrier_link_keys t
        CROSS JOIN companies c
        WHERE k.dot_number = due.dot_number AND k.kind IN (${kindList(CONTACT_LINK_KINDS)})
          AND s.kind = k.kind AND s.key = k.key AND s.carriers <= ${LINK_BOUND}
          AND t.kind = k.kind AND t.key = k.key AND t.dot_number <> k.dot_number
          AND c.dot_number = t.dot_number AND ${troubleOf(today)} IS NOT NULL
        GROUP BY k.dot_number`,
    ],
    successor_of_revoked: [
      sql`${INSERT_SIGNAL}
        SELECT c.dot_number, 'successor_of_revoked', NULL, c.prior_revoke_dot_number
        FROM signals_due due CROSS JOIN companies c
        WHERE c.dot_number = due.dot_number AND c.prior_revoke_flag = 1`,
      sql`${INSERT_SIGNAL}
        SELECT x_dot, 'successor_of_revoked', max(revoked_on), min(rv_dot) FROM (
          SELECT x.dot_number AS x_dot, x.add_date, rc.dot_number AS rv_dot,
            (SELECT max(r.effective_on) FROM li_dockets d JOIN li_revocations r ON r.docket = d.docket
              WHERE d.dot_number = rc.dot_number AND r.effective_on <= ${today}) AS revoked_on
          FROM signals_due due
          CROSS JOIN companies x
          CROSS JOIN carrier_link_keys xo
          CROSS JOIN shared_link_keys so
          CROSS JOIN carrier_link_keys ro
          CROSS JOIN companies rc
          WHERE x.dot_number = due.dot_number
            AND xo.dot_number = x.dot_number AND xo.kind = 'officer'
            AND so.kind = 'officer' AND so.key = xo.key AND so.carriers <= ${LINK_BOUND}
            AND ro.kind = 'officer' AND ro.key = xo.key AND ro.dot_number <> x.dot_number
            AND rc.dot_number = ro.dot_number AND rc.authorized_for_hire = 0
            AND EXISTS (SELECT 1 FROM carrier_link_keys ra
              JOIN carrier_link_keys xa ON xa.kind = 'address' AND xa.key = ra.key AND xa.dot_number = x.dot_number
              WHERE ra.dot_number = rc.dot_number AND ra.kind = 'address')
            AND NOT EXISTS (SELECT 1 FROM carrier_signals e
              WHERE e.dot_number = x.dot_number AND e.rule = 'successor_of_revoked')
        ) candidates
        WHERE revoked_on IS NOT NULL AND add_date > revoked_on
        GROUP BY x_dot`,
    ],
    shared_vehicles: [
      sql`${INSERT_SIGNAL}
        SELECT k.dot_number, 'shared_vehicles', NULL, count(*)
        FROM signals_due due
        CROSS JOIN carrier_link_keys k
        CROSS JOIN shared_link_keys s
        WHERE k.dot_number = due.dot_number AND k.kind = 'vin'
          AND s.kind = 'vin' AND s.key = k.key AND s.carriers <= ${LINK_BOUND}
        GROUP BY k.dot_number`,
    ],
    po_box_or_undeliverable: [
      sql`${INSERT_SIGNAL}
        SELECT k.dot_number, 'po_box_or_undeliverable', NULL, 'po_box'
        FROM signals_due due CROSS JOIN carrier_link_keys k
        WHERE k.dot_number = due.dot_number AND k.kind = 'address' AND k.key >= 'PO BOX ' AND k.key < 'PO BOX!'`,
      sql`${INSERT_SIGNAL}
        SELECT c.dot_number, 'po_box_or_undeliverable', c.mail_undeliverable_on, 'undeliverable'
        FROM signals_due due CROSS JOIN companies c
        WHERE c.dot_number = due.dot_number
          AND (c.phy_undeliverable = 1 OR c.mail_undeliverable_on IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM carrier_signals e
            WHERE e.dot_number = c.dot_number AND e.rule = 'po_box_or_undeliverable')`,
    ],
  };
}

/** The rules on a window of dated rows, each as the statements that write its signals for every carrier (exported for its plan test). */
export function wholeRules(
  today: string,
  into: 'carrier_signals' | 'carrier_signals_next' = 'carrier_signals',
): Record<string, RawBuilder<unknown>[]> {
  const INSERT_SIGNAL = sql`INSERT INTO ${sql.table(into)} (dot_number, rule, rests_on, detail)`;
  const recent = daysBefore(today, RECENT_DAYS);
  const window = monthsBefore(today, WINDOW_MONTHS);
  return {
    new_authority: [
      sql`${INSERT_SIGNAL}
        SELECT d.dot_number, 'new_authority', max(e.action_on), NULL FROM li_authority_events e
        JOIN li_dockets d ON d.docket = e.docket
        WHERE upper(e.action) IN ('GRANTED', 'REINSTATED') AND e.action_on > ${recent}
          AND e.action_on <= ${today} AND d.dot_number IS NOT NULL
        GROUP BY d.dot_number`,
    ],
    contact_changed: [
      sql`${INSERT_SIGNAL}
        SELECT dot_number, 'contact_changed', max(coalesce(effective_on, first_seen_on)), NULL
        FROM record_history_events
        WHERE first_seen_on > ${recent} AND coalesce(effective_on, first_seen_on) > ${recent}
          AND coalesce(effective_on, first_seen_on) <= ${today}
          AND kind = 'record' AND subject IN (${kindList(CONTACT_FIELDS)})
        GROUP BY dot_number`,
    ],
    insurance_cancellations: [
      sql`${INSERT_SIGNAL}
        SELECT d.dot_number, 'insurance_cancellations', max(i.cancellation_effective_on), count(*)
        FROM li_insurance i
        JOIN li_dockets d ON d.docket = i.docket
        WHERE i.cancellation_effective_on > ${window} AND i.cancellation_effective_on <= ${today}
          AND i.ended_by IS NULL AND d.dot_number IS NOT NULL
        GROUP BY d.dot_number
        HAVING count(*) >= ${SEVERAL_CANCELLATIONS}`,
    ],
    // The window's inspected carriers read once, rather than an index probe per large fleet, as an
    // anti-join: PostgreSQL runs a NOT IN whose list outgrows work_mem as a scan of it per fleet.
    idle_fleet: [
      sql`${INSERT_SIGNAL}
        SELECT c.dot_number, 'idle_fleet', NULL, c.power_units FROM companies c
        LEFT JOIN (SELECT DISTINCT dot_number FROM inspections WHERE insp_date > ${window}) i
          ON i.dot_number = c.dot_number
        WHERE c.power_units >= ${IDLE_FLEET_UNITS} AND c.status_code = 'A' AND c.add_date <= ${window}
          AND i.dot_number IS NULL`,
    ],
  };
}

/**
 * What the rules and the keys are computed with: another value (a changed rule, bound or
 * normalisation) makes the next build a full one.
 */
function rulesVersion(db: Db): string {
  const day = '2000-01-01';
  const statements = [dueRulesForAll(day), dueRulesForDue(day), wholeRules(day)].flatMap((rules) =>
    Object.values(rules)
      .flat()
      .map((statement) => {
        const compiled = statement.compile(db);
        return `${compiled.sql}${JSON.stringify(compiled.parameters)}`;
      }),
  );
  const keys = [
    censusLinkKeys,
    normalisePhone,
    normaliseEmail,
    emailCompanyDomain,
    normaliseAddress,
    normaliseOfficerName,
    windowVins,
  ].map(String);
  return createHash('sha256')
    .update([...statements, ...keys].join('\n'))
    .digest('base64url')
    .slice(0, 22);
}

/** Runs statements, timing them under a name. */
async function timed(
  seconds: Record<string, number>,
  name: string,
  statements: readonly RawBuilder<unknown>[],
  db: Db,
): Promise<void> {
  const started = performance.now();
  for (const statement of statements) await statement.execute(db);
  seconds[name] = (seconds[name] ?? 0) + (performance.now() - started) / 1000;
}

/**
 * Writes the search's flag (companies.risk_signals, a bit per rule) of the carriers `carriers` selects
 * (DOT numbers; null: all) from their stored signals, grouped once rather than summed again per carrier.
 */
async function writeRiskFlags(db: Db, carriers: RawBuilder<unknown> | null): Promise<void> {
  const bits = sql.join(
    SIGNAL_RULE_NAMES.map((rule) => sql`WHEN ${rule} THEN ${sql.lit(ruleBit(rule))}`),
    sql` `,
  );
  const among = (column: RawBuilder<unknown>) => (carriers ? sql`${column} IN (${carriers})` : sql`1 = 1`);
  await sql`UPDATE companies SET risk_signals = m.mask FROM (
      SELECT s.dot_number, sum(CASE s.rule ${bits} ELSE 0 END) AS mask FROM carrier_signals s
      WHERE ${among(sql`s.dot_number`)} GROUP BY s.dot_number) m
    WHERE companies.dot_number = m.dot_number AND companies.risk_signals <> m.mask`.execute(db);
  await sql`UPDATE companies SET risk_signals = 0 WHERE risk_signals <> 0 AND ${among(sql`dot_number`)}
    AND NOT EXISTS (SELECT 1 FROM carrier_signals s WHERE s.dot_number = companies.dot_number)`.execute(db);
}

/**
 * Every rule's signals as of `today` for every carrier (the first build, or after the rules
 * changed), then the search's flag on the carriers whose answer changed.
 */
async function computeAllSignals(db: Db, today: string, seconds: Record<string, number>): Promise<void> {
  await db.deleteFrom('carrier_signals').execute();
  const rules: Record<string, RawBuilder<unknown>[]> = { ...dueRulesForAll(today), ...wholeRules(today) };
  for (const rule of SIGNAL_RULE_NAMES) await timed(seconds, rule, rules[rule] ?? [], db);
  const started = performance.now();
  await writeRiskFlags(db, null);
  seconds.flags = (performance.now() - started) / 1000;
}

/**
 * The daily build's signals: the due rules for the due carriers, the whole rules again (the
 * carriers whose answer changed become due), then the search's flag of the due carriers.
 */
async function computeDueSignals(db: Db, today: string, seconds: Record<string, number>): Promise<void> {
  const due = sql`SELECT dot_number FROM signals_due`;
  await db
    .deleteFrom('carrier_signals')
    .where('rule', 'in', DUE_RULES)
    .where('dot_number', 'in', (eb) => eb.selectFrom('signals_due').select('dot_number'))
    .execute();
  const dueRules = dueRulesForDue(today);
  for (const rule of DUE_RULES) await timed(seconds, rule, dueRules[rule], db);
  // The whole rules into a table of their own, then only the difference written: their carriers
  // whose answer changed become due for the flag.
  await db.deleteFrom('carrier_signals_next').execute();
  const rules = wholeRules(today, 'carrier_signals_next');
  for (const rule of WHOLE_RULES) await timed(seconds, rule, rules[rule] ?? [], db);
  const sqlite = sqliteConnection(db) !== null;
  const same = (a: string, b: string) =>
    sqlite ? sql.raw(`${a} IS ${b}`) : sql.raw(`${a} IS NOT DISTINCT FROM ${b}`);
  const unchanged = (row: string, other: string) =>
    sql`EXISTS (SELECT 1 FROM ${sql.table(other)} o WHERE o.dot_number = ${sql.ref(`${row}.dot_number`)}
      AND o.rule = ${sql.ref(`${row}.rule`)} AND ${same('o.rests_on', `${row}.rests_on`)}
      AND ${same('o.detail', `${row}.detail`)})`;
  const whole = kindList(WHOLE_RULES);
  await sql`INSERT INTO signals_due (dot_number)
    SELECT s.dot_number FROM carrier_signals s
      WHERE s.rule IN (${whole}) AND NOT ${unchanged('s', 'carrier_signals_next')}
    UNION SELECT n.dot_number FROM carrier_signals_next n WHERE NOT ${unchanged('n', 'carrier_signals')}
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`DELETE FROM carrier_signals WHERE rule IN (${whole})
    AND NOT ${unchanged('carrier_signals', 'carrier_signals_next')}`.execute(db);
  await sql`INSERT INTO carrier_signals (dot_number, rule, rests_on, detail)
    SELECT n.dot_number, n.rule, n.rests_on, n.detail FROM carrier_signals_next n
    WHERE NOT EXISTS (SELECT 1 FROM carrier_signals s WHERE s.dot_number = n.dot_number AND s.rule = n.rule)`.execute(
    db,
  );
  await db.deleteFrom('carrier_signals_next').execute();
  const started = performance.now();
  await writeRiskFlags(db, due);
  seconds.flags = (performance.now() - started) / 1000;
}

export interface SignalsRefresh {
  /** A full build: the first, or the first after the rules changed. */
  full: boolean;
  carriersKeyed: number;
  /** Carriers whose signals a daily build computed again (0 for a full one). */
  carriersDue: number;
  seconds: { keys: number; shared: number; signals: number };
  /** Seconds of each rule's statements and of the search flag's update. */
  signalSeconds: Record<string, number>;
}

/**
 * Keys, shared keys and signals, after an import or a sync (`now` an ISO time, today its day). The
 * first build and the first after the rules changed compute everything; a daily one only what the
 * carriers written since, the L&I and out-of-service flags refreshed since (signals_due) and the
 * calendar change (docs/decisions/155).
 */
export async function refreshLinksAndSignals(db: Db, now: string): Promise<SignalsRefresh> {
  const today = now.slice(0, 10);
  const version = rulesVersion(db);
  const state = await db
    .selectFrom('signals_state')
    .select('version')
    .where('name', '=', 'signals')
    .executeTakeFirst();
  const full = state?.version !== version;
  const started = performance.now();
  const carriersKeyed = await buildCensusLinkKeys(db, now, full);
  await buildVinLinkKeys(db, today, full);
  const keyed = performance.now();
  const signalSeconds: Record<string, number> = {};
  let shared = keyed;
  let carriersDue = 0;
  // Pages never see the signals half done; a build killed before the end leaves its due carriers.
  await db.transaction().execute(async (trx) => {
    if (full) await buildSharedLinkKeys(trx);
    else {
      // PostgreSQL plans from statistics; these tables are empty between builds.
      if (!sqliteConnection(db)) await sql`ANALYZE signals_due, changed_link_keys`.execute(trx);
      await updateSharedLinkKeys(trx);
      const counted = await trx
        .selectFrom('signals_due')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      carriersDue = Number(counted?.n ?? 0);
      if (!sqliteConnection(db)) await sql`ANALYZE signals_due`.execute(trx);
    }
    shared = performance.now();
    if (full) await computeAllSignals(trx, today, signalSeconds);
    else await computeDueSignals(trx, today, signalSeconds);
    await trx.deleteFrom('signals_due').execute();
    await trx.deleteFrom('changed_link_keys').execute();
    await trx
      .insertInto('signals_state')
      .values({ name: 'signals', through_at: now, version })
      .onConflict((oc) => oc.column('name').doUpdateSet({ through_at: now, version }))
      .execute();
  });
  // PostgreSQL plans the reads of these tables from their statistics, which autovacuum may not have yet.
  if (full && !sqliteConnection(db))
    await sql`ANALYZE carrier_link_keys, shared_link_keys, carrier_signals`.execute(db);
  const done = performance.now();
  return {
    full,
    carriersKeyed,
    carriersDue,
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
  /** Whether the census holds a carrier with the DOT number. */
  found: boolean;
  signals: StoredSignal[];
  links: LinkedCarrier[];
  /** Values of this carrier too many carriers share to link them (LINK_BOUND). */
  common: CommonValue[];
}

interface ConnectionRow {
  what: 'carrier' | 'signal' | 'link' | 'common';
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

/**
 * Whether the carrier exists, its signals with the carrier's replies, links and too-common values,
 * in one query (the profile's budget, and the API's one round trip).
 */
export async function readConnections(db: Db, dotNumber: number, today: string): Promise<CarrierConnections> {
  // The other holders of its linking keys only: a key hundreds hold is never read past its count.
  const linked = sql`SELECT 'link' AS what, m.kind AS name, c.dot_number, c.name AS label,
      ${troubleOf(today)} AS rests_on, CAST(NULL AS text) AS detail, CAST(NULL AS integer) AS carriers, CAST(NULL AS text) AS reply_body, CAST(NULL AS text) AS replied_at
    FROM mine m
    JOIN carrier_link_keys o ON o.kind = m.kind AND o.key = m.key AND o.dot_number <> ${dotNumber}
    JOIN companies c ON c.dot_number = o.dot_number
    WHERE m.carriers <= ${LINK_BOUND}`;
  // Both ways of FMCSA's link, each an index read: the carrier it follows, and the carriers following it.
  const priorLink = sql`SELECT 'link' AS what, 'prior_revocation' AS name, c.dot_number, c.name AS label,
      ${troubleOf(today)} AS rests_on, CAST(NULL AS text) AS detail, CAST(NULL AS integer) AS carriers,
      CAST(NULL AS text) AS reply_body, CAST(NULL AS text) AS replied_at`;
  const prior = sql`${priorLink}
    FROM companies x JOIN companies c ON c.dot_number = x.prior_revoke_dot_number
    WHERE x.dot_number = ${dotNumber} AND x.prior_revoke_flag = 1
    UNION ALL ${priorLink}
    FROM companies c WHERE c.prior_revoke_dot_number = ${dotNumber} AND c.prior_revoke_flag = 1`;
  // MATERIALIZED: the planners would otherwise read every holder of a key before its count.
  const rows = await sql<ConnectionRow>`
    WITH mine AS MATERIALIZED (SELECT k.kind, k.key, s.carriers FROM carrier_link_keys k
      JOIN shared_link_keys s ON s.kind = k.kind AND s.key = k.key WHERE k.dot_number = ${dotNumber})
    SELECT 'carrier' AS what, CAST(NULL AS text) AS name, CAST(NULL AS integer) AS dot_number,
        CAST(NULL AS text) AS label, CAST(NULL AS text) AS rests_on, CAST(NULL AS text) AS detail,
        CAST(NULL AS integer) AS carriers, CAST(NULL AS text) AS reply_body, CAST(NULL AS text) AS replied_at
      FROM companies WHERE dot_number = ${dotNumber}
    UNION ALL SELECT 'signal' AS what, g.rule AS name, CAST(NULL AS integer) AS dot_number, CAST(NULL AS text) AS label,
        g.rests_on, g.detail, CAST(NULL AS integer) AS carriers, r.body AS reply_body, r.updated_at AS replied_at
      FROM carrier_signals g LEFT JOIN carrier_replies r
        ON r.dot_number = g.dot_number AND r.subject_kind = 'signal' AND r.subject_key = g.rule
      WHERE g.dot_number = ${dotNumber}
    UNION ALL ${linked}
    UNION ALL ${prior}
    UNION ALL SELECT 'common' AS what, m.kind AS name, CAST(NULL AS integer) AS dot_number,
        CAST(NULL AS text) AS label, CAST(NULL AS text) AS rests_on, CAST(NULL AS text) AS detail, m.carriers, CAST(NULL AS text) AS reply_body, CAST(NULL AS text) AS replied_at
      FROM mine m WHERE m.carriers > ${LINK_BOUND}`.execute(db);
  const result: CarrierConnections = { found: false, signals: [], links: [], common: [] };
  const seen = new Set<string>();
  for (const row of rows.rows) {
    if (row.what === 'carrier') result.found = true;
    else if (row.what === 'signal') {
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
