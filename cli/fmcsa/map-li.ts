/**
 * Licensing & Insurance rows (legacy L&I and Motus, ../shared/data/fmcsa/li/README.md) to LiRecord:
 * one mapping layer for both systems. Dockets become canonical ('MC080890' -> 'MC80890'), `00000000`
 * is no DOT, dates become ISO days and money becomes dollars.
 */
import {
  canonicalDocket,
  type AuthorityKind,
  type FilingEnd,
  type InsuranceKind,
  type PublishedAuthorityStatus,
} from '../../core/authority.ts';
import type { LiDocketFacts, LiRecord } from '../../server/domains/authority/li-records.ts';
import { RowError } from './errors.ts';
import { date, dotNumber, skipRow, text, upperText } from './normalize.ts';
import type { ColumnLookup, FieldSource, LiDatasetKind, ParsedRow } from './types.ts';

/** What a mapper has to say in the import report once the file is read (amount readings). */
export interface MapperNotes {
  notes(): string[];
}

type LiMapper = ((row: FieldSource, line: number) => ParsedRow) & MapperNotes;

function docketOf(raw: string): string {
  const docket = canonicalDocket(raw);
  if (docket === null) throw new RowError(`not a docket number: ${JSON.stringify(raw.slice(0, 20))}`);
  return docket;
}

/** DOT number, zero-padded or not; `00000000` (and empty) is no DOT. */
function liDot(raw: string): number | null {
  const value = text(raw);
  if (value === null || /^0+$/.test(value)) return null;
  return dotNumber(value);
}

/** A plain amount as published ('00750', '750', '1000000.00'); null when empty. */
function amount(raw: string): number | null {
  const value = text(raw);
  if (value === null) return null;
  if (!/^\d+(\.\d+)?$/.test(value))
    throw new RowError(`unreadable amount ${JSON.stringify(value.slice(0, 20))}`);
  return Number(value);
}

/** Legacy money is in thousands of dollars: '00750' and '750' are $750,000, '1' is $1,000. 0 says nothing. */
function thousands(raw: string): number | null {
  const value = amount(raw);
  return value === null || value === 0 ? null : Math.round(value * 1000);
}

/**
 * Motus amounts: sources disagree whether they are dollars ('1000000.00') or thousands (the dataset's
 * metadata). No BI&PD limit reaches $10 million, so a value of 10,000 or more, or one with cents, is
 * read as dollars and a smaller one as thousands; the report counts each reading.
 */
function motusAmountReader() {
  let dollars = 0;
  let inThousands = 0;
  return {
    read(raw: string): number | null {
      const value = amount(raw);
      if (value === null || value === 0) return null;
      if (value >= 10_000 || raw.includes('.')) {
        dollars += 1;
        return Math.round(value);
      }
      inThousands += 1;
      return Math.round(value * 1000);
    },
    notes(): string[] {
      if (dollars + inThousands === 0) return [];
      return [
        `Motus amounts: ${dollars.toLocaleString('en-US')} read as dollars (10,000 or more, or with cents), ` +
          `${inThousands.toLocaleString('en-US')} as thousands of dollars (below 10,000)`,
      ];
    },
  };
}

function yesNo(raw: string): 0 | 1 | null {
  const value = upperText(raw);
  if (value === 'Y') return 1;
  if (value === 'N') return 0;
  return null;
}

/** 'COMMON', 'Broker of Property (Except Household Goods)', 'Motor Carrier of Passengers' ... */
function authorityKind(raw: string): AuthorityKind | null {
  const value = upperText(raw);
  if (value === null) return null;
  if (value.includes('BROKER')) return 'broker';
  if (value.includes('CONTRACT')) return 'contract';
  if (/COMMON|CARRIER|FORWARDER|MOTOR|MEXICO|PASSENGER|PROPERTY|HOUSEHOLD/.test(value)) return 'common';
  return null;
}

/** A form code without Motus's 'BMC-' prefix: 'BMC-91X' -> '91X'. */
function formCode(raw: string): string | null {
  const value = upperText(raw);
  return value === null ? null : value.replace(/^BMC-?/, '');
}

const KIND_OF_FORM: Record<string, InsuranceKind> = {
  '34': 'cargo',
  '82': 'BI&PD primary',
  '83': 'cargo',
  '84': 'surety bond',
  '85': 'trust fund',
  '91': 'BI&PD primary',
  '91X': 'BI&PD primary',
};

/**
 * The filing's kind from whatever the file gives: Insur's type code (1 BI&PD, 2 cargo, 3 bond,
 * 4 trust fund) with its class (P primary, E excess, 1/2 full security limits: primary), a description
 * ('BIPD/Excess', 'SURETY', 'TRUST FUND'), else the form code.
 */
function insuranceKind(
  typeCode: string | null,
  classCode: string | null,
  description: string | null,
  form: string | null,
): InsuranceKind {
  const bipd = (): InsuranceKind => (classCode === 'E' ? 'BI&PD excess' : 'BI&PD primary');
  switch (typeCode) {
    case '1':
      return bipd();
    case '2':
      return 'cargo';
    case '3':
      return 'surety bond';
    case '4':
      return 'trust fund';
  }
  const words = `${description ?? ''} ${typeCode ?? ''}`;
  if (/EXCESS/.test(words)) return 'BI&PD excess';
  if (/BIPD|BI&PD/.test(words)) return bipd();
  if (/CARGO/.test(words)) return 'cargo';
  if (/SURETY|BOND/.test(words)) return 'surety bond';
  if (/TRUST/.test(words)) return 'trust fund';
  const byForm = form === null ? undefined : KIND_OF_FORM[form];
  if (byForm) return byForm === 'BI&PD primary' ? bipd() : byForm;
  throw new RowError(`unknown insurance type ${JSON.stringify(words.trim().slice(0, 20))}`);
}

const isBipd = (kind: InsuranceKind) => kind === 'BI&PD primary' || kind === 'BI&PD excess';

/** Legacy Carrier status letters: A active, I inactive, N none; Y pending application or revocation. */
function legacyStatus(
  stat: string | null,
  pending: 0 | 1 | null,
  revocation: 0 | 1 | null,
): PublishedAuthorityStatus | null {
  if (stat === 'A') return revocation === 1 ? 'Revocation pending' : 'Active';
  if (pending === 1) return 'Pending';
  if (stat === 'I') return 'Inactive';
  return null;
}

function motusStatus(raw: string): PublishedAuthorityStatus {
  const value = upperText(raw);
  if (value === 'ACTIVE') return 'Active';
  if (value === 'PENDING') return 'Pending';
  // 'Inactive', 'Withdrawn'.
  return 'Inactive';
}

function mapper(map: (row: FieldSource) => LiRecord, notes: () => string[] = () => []): LiMapper {
  const run = (row: FieldSource, line: number): ParsedRow => {
    try {
      return { kind: 'li', line, record: map(row) };
    } catch (error) {
      return skipRow(error, line);
    }
  };
  return Object.assign(run, { notes });
}

/** The first column of `names` the file has (files name some columns differently). */
function anyColumn(column: ColumnLookup, ...names: string[]): number {
  for (const name of names) {
    const index = column(name);
    if (index >= 0) return index;
  }
  return -1;
}

function legacyCarrier(column: ColumnLookup): LiMapper {
  const docket = column('DOCKET_NUMBER');
  const dot = column('DOT_NUMBER');
  const kinds = (['common', 'contract', 'broker'] as const).map((kind) => ({
    kind,
    stat: column(`${kind.toUpperCase()}_STAT`),
    pending: column(`${kind.toUpperCase()}_APP_PEND`),
    revocation: column(`${kind.toUpperCase()}_REV_PEND`),
  }));
  const [required, cargoReq, bondReq, onFile, cargoFile, bondFile, dba, legal] = [
    'MIN_COV_AMOUNT',
    'CARGO_REQ',
    'BOND_REQ',
    'BIPD_FILE',
    'CARGO_FILE',
    'BOND_FILE',
    'DBA_NAME',
    'LEGAL_NAME',
  ].map(column) as number[];
  return mapper((row) => ({
    docket: docketOf(row.get(docket)),
    dot: liDot(row.get(dot)),
    facts: {
      legal_name: text(row.get(legal as number)),
      dba_name: text(row.get(dba as number)),
      bipd_required_dollars: thousands(row.get(required as number)),
      bipd_on_file_dollars: thousands(row.get(onFile as number)),
      cargo_required: yesNo(row.get(cargoReq as number)),
      cargo_on_file: yesNo(row.get(cargoFile as number)),
      bond_required: yesNo(row.get(bondReq as number)),
      bond_on_file: yesNo(row.get(bondFile as number)),
    },
    authorities: kinds.map(({ kind, stat, pending, revocation }) => ({
      kind,
      status: legacyStatus(upperText(row.get(stat)), yesNo(row.get(pending)), yesNo(row.get(revocation))),
      description: null,
    })),
  }));
}

function legacyInsur(column: ColumnLookup): LiMapper {
  const [docket, type, klass, max, policy, effective, form, company] = [
    'PREFIX_DOCKET_NUMBER',
    'INS_TYPE_CODE',
    'INS_CLASS_CODE',
    'MAX_COV_AMOUNT',
    'POLICY_NO',
    'EFFECTIVE_DATE',
    'INS_FORM_CODE',
    'NAME_COMPANY',
  ].map(column) as number[];
  return mapper((row) => {
    const key = docketOf(row.get(docket as number));
    const typeCode = text(row.get(type as number));
    // A daily file's blank row (docket only, the rest empty or 00000) says the docket's filing is gone.
    if (typeCode === null && text(row.get(policy as number)) === null) {
      return { docket: key, dot: null, filingsRemoved: true };
    }
    const kind = insuranceKind(
      typeCode,
      upperText(row.get(klass as number)),
      null,
      formCode(row.get(form as number)),
    );
    return {
      docket: key,
      dot: null,
      filing: {
        kind,
        form_code: formCode(row.get(form as number)),
        insurer: text(row.get(company as number)),
        policy_number: text(row.get(policy as number)),
        amount_dollars: isBipd(kind) ? thousands(row.get(max as number)) : null,
        effective_on: date(row.get(effective as number)),
      },
    };
  });
}

/**
 * Legacy ActPendInsur (filings on file or being cancelled, the cancellation day in the row) and
 * InsHist (6sqe-dvqs: every filing that left a docket, with its day and how it left) share FMCSA's
 * field names; InsHist adds the class and the cancellation method. InsHist's names follow the portal's
 * spelling of the other legacy files and must be checked against its live metadata (columns.ts).
 */
function legacyPolicyFiling(column: ColumnLookup): LiMapper {
  const [docket, dot, form, klass, company, policy, max, effective, cancel] = [
    'DOCKET_NUMBER',
    'DOT_NUMBER',
    'INS_FORM_CODE',
    'INS_CLASS_CODE',
    'NAME_COMPANY',
    'POLICY_NO',
    'MAX_COV_AMOUNT',
    'EFFECTIVE_DATE',
    'CANCL_EFFECTIVE_DATE',
  ].map(column) as number[];
  const description = anyColumn(column, 'MOD_COL_1', 'INS_TYPE_DESC');
  // InsHist only (LI_INSHIST_COLUMNS): the general method, the form that ended the filing, the specific method.
  const method = anyColumn(column, 'CANCL_METHOD_GEN', 'CANCELLATION_METHOD');
  const endForm = anyColumn(column, 'INS_CANCL_FORM', 'CANCEL_FORM');
  const specific = anyColumn(column, 'CANCL_METHOD', 'SPECIFIC_CANCELLATION_METHOD');
  return mapper((row) => {
    const code = formCode(row.get(form as number));
    const kind = insuranceKind(
      null,
      upperText(row.get(klass as number)),
      upperText(row.get(description)),
      code,
    );
    const endedBy = filingEnd(
      upperText(row.get(method)),
      upperText(row.get(endForm)),
      upperText(row.get(specific)),
    );
    return {
      docket: docketOf(row.get(docket as number)),
      dot: liDot(row.get(dot as number)),
      filing: {
        kind,
        form_code: code,
        insurer: text(row.get(company as number)),
        policy_number: text(row.get(policy as number)),
        amount_dollars: isBipd(kind) ? thousands(row.get(max as number)) : null,
        effective_on: date(row.get(effective as number)),
        cancellation_effective_on: date(row.get(cancel as number)),
        ...(endedBy ? { ended_by: endedBy } : {}),
      },
    };
  });
}

function legacyAuthHist(column: ColumnLookup): LiMapper {
  const [docket, dot, sub, action, served, final, decided, finalServed] = [
    'DOCKET_NUMBER',
    'DOT_NUMBER',
    'SUB_NUMBER',
    'ORIGINAL_ACTION_DESC',
    'ORIG_SERVED_DATE',
    'DISP_ACTION_DESC',
    'DISP_DECIDED_DATE',
    'DISP_SERVED_DATE',
  ].map(column) as number[];
  const type = anyColumn(column, 'MOD_COL_1', 'OP_AUTH_TYPE');
  return mapper((row) => {
    const original = upperText(row.get(action as number));
    if (original === null) throw new RowError('no authority action');
    return {
      docket: docketOf(row.get(docket as number)),
      dot: liDot(row.get(dot as number)),
      event: {
        kind: authorityKind(row.get(type)),
        sub_number: text(row.get(sub as number)),
        action: original,
        action_on: date(row.get(served as number)),
        final_action: upperText(row.get(final as number)),
        final_on: date(row.get(finalServed as number)) ?? date(row.get(decided as number)),
      },
    };
  });
}

function revocations(column: ColumnLookup, dotName: string): LiMapper {
  const docket = column('DOCKET_NUMBER');
  const dot = column(dotName);
  const type = anyColumn(column, 'TYPE_LICENSE', 'OPERATING_AUTHORITY_REGISTRATION_TYPE', 'OP_AUTH_TYPE');
  const served = anyColumn(column, 'ORDER1_SERVE_DATE', 'SERVE_DATE');
  const revocationType = anyColumn(column, 'ORDER2_TYPE_DESC', 'REVOCATION_TYPE', 'ORDER1_TYPE_DESC');
  const effective = anyColumn(column, 'ORDER2_EFFECTIVE_DATE', 'EFFECTIVE_DATE', 'ORDER1_EFFECTIVE_DATE');
  return mapper((row) => {
    const what = text(row.get(revocationType));
    if (what === null) throw new RowError('no revocation type');
    return {
      docket: docketOf(row.get(docket)),
      dot: liDot(row.get(dot)),
      // Voluntary revocations mostly have no effective date: kept, with none.
      revocation: {
        kind: authorityKind(row.get(type)),
        type: what,
        served_on: date(row.get(served)),
        effective_on: date(row.get(effective)),
      },
    };
  });
}

function motusCarrier(column: ColumnLookup): LiMapper {
  const amounts = motusAmountReader();
  const [docket, dot, type, status, required, cargoReq, bondReq, onFile, cargoFile, bondFile, dba, legal] = [
    'DOCKET_NUMBER',
    'USDOT_NUMBER',
    'OP_AUTH_TYPE',
    'OP_AUTH_STATUS',
    'MIN_COV_AMOUNT',
    'CARGO_REQ',
    'BOND_REQ',
    'BIPD_FILE',
    'CARGO_FILE',
    'BOND_FILE',
    'DBA_NAME',
    'LEGAL_NAME',
  ].map(column) as number[];
  return mapper((row) => {
    const kind = authorityKind(row.get(type as number));
    const facts: LiDocketFacts = {
      legal_name: text(row.get(legal as number)),
      dba_name: text(row.get(dba as number)),
      bipd_required_dollars: amounts.read(row.get(required as number)),
      bipd_on_file_dollars: amounts.read(row.get(onFile as number)),
      cargo_required: yesNo(row.get(cargoReq as number)),
      cargo_on_file: yesNo(row.get(cargoFile as number)),
      bond_required: yesNo(row.get(bondReq as number)),
      bond_on_file: yesNo(row.get(bondFile as number)),
    };
    return {
      docket: docketOf(row.get(docket as number)),
      dot: liDot(row.get(dot as number)),
      facts,
      authorities:
        kind === null
          ? []
          : [
              {
                kind,
                status: motusStatus(row.get(status as number)),
                description: text(row.get(type as number)),
              },
            ],
    };
  }, amounts.notes);
}

function motusFiling(column: ColumnLookup, history: boolean): LiMapper {
  const amounts = motusAmountReader();
  const [docket, dot, form, type, klass, max, policy, effective, company, reason, description, cancel] = [
    'DOCKET_NUMBER',
    'USDOT_NUMBER',
    'INS_FORM_CODE',
    'INS_TYPE_CODE',
    'INS_CLASS_CODE',
    'MAX_COV_AMOUNT',
    'POLICY_NO',
    'EFFECTIVE_DATE',
    'INSURANCE_COMPANY_NAME',
    'FILING_STATUS_REASON',
    'INS_TYPE_DESC',
    'CANCL_EFFECTIVE_DATE',
  ].map(column) as number[];
  return mapper((row) => {
    const key = docketOf(row.get(docket as number));
    const dotNumber = liDot(row.get(dot as number));
    const code = formCode(row.get(form as number));
    const typeCode = upperText(row.get(type as number));
    // Daily files signal a deletion with blank strings.
    if (!history && code === null && typeCode === null && text(row.get(policy as number)) === null) {
      return { docket: key, dot: dotNumber, filingsRemoved: true };
    }
    const kind = insuranceKind(
      typeCode,
      upperText(row.get(klass as number)),
      upperText(row.get(description as number)),
      code,
    );
    const policyNumber = text(row.get(policy as number));
    const endedBy = history ? filingEnd(upperText(row.get(reason as number))) : undefined;
    return {
      docket: key,
      dot: dotNumber,
      filing: {
        kind,
        form_code: code,
        insurer: text(row.get(company as number)),
        policy_number: policyNumber,
        amount_dollars: isBipd(kind) ? amounts.read(row.get(max as number)) : null,
        effective_on: date(row.get(effective as number)),
        ...(history ? { cancellation_effective_on: date(row.get(cancel as number)) } : {}),
        ...(endedBy ? { ended_by: endedBy } : {}),
      },
    };
  }, amounts.notes);
}

/**
 * How an InsHist row's filing left the record: Motus FILING_STATUS_REASON (CANCEL, TERM/REPL,
 * NAMECHG) or the legacy cancellation method and form (cancelled, replaced, NC, TR). InsHist
 * describes the outgoing filing; a cancelled one has no end of its own here (its date says it).
 */
function filingEnd(...values: (string | null)[]): FilingEnd | undefined {
  const words = values.filter((value) => value !== null).join(' ');
  if (/REPL/.test(words)) return 'replaced';
  if (/NAME|\bNC\b/.test(words)) return 'name change';
  if (/TRANS|\bTR\b/.test(words)) return 'transferred';
  return undefined;
}

function motusAuthHist(column: ColumnLookup): LiMapper {
  const [docket, dot, type, status, reason, changed] = [
    'DOCKET_NUMBER',
    'USDOT_NUMBER',
    'OP_AUTH_TYPE',
    'OP_AUTH_STATUS',
    'REASON',
    'STATUS_CHANGE_DATE',
  ].map(column) as number[];
  return mapper((row) => {
    const action = upperText(row.get(reason as number)) ?? upperText(row.get(status as number));
    if (action === null) throw new RowError('no authority action');
    return {
      docket: docketOf(row.get(docket as number)),
      dot: liDot(row.get(dot as number)),
      event: {
        kind: authorityKind(row.get(type as number)),
        sub_number: null,
        action,
        action_on: date(row.get(changed as number)),
        final_action: upperText(row.get(status as number)),
        final_on: null,
      },
    };
  });
}

export function createLiMapper(kind: LiDatasetKind, column: ColumnLookup): LiMapper {
  switch (kind) {
    case 'li_carrier':
      return legacyCarrier(column);
    case 'li_insur':
      return legacyInsur(column);
    case 'li_actpendinsur':
    case 'li_inshist':
      return legacyPolicyFiling(column);
    case 'li_authhist':
      return legacyAuthHist(column);
    case 'li_revocation':
      return revocations(column, 'DOT_NUMBER');
    case 'motus_carrier':
      return motusCarrier(column);
    case 'motus_insur':
      return motusFiling(column, false);
    case 'motus_inshist':
      return motusFiling(column, true);
    case 'motus_revoke':
      return revocations(column, 'USDOT_NUMBER');
    case 'motus_authhist':
      return motusAuthHist(column);
  }
}
