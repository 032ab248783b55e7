import { historyEventDescription, historySubjectLabel, type HistoryKind } from '../../../core/history.ts';
import type { HistoryPage, HistoryQuery } from '../../../core/contracts/history.ts';
import type { Db } from '../../db/database.ts';
import { createHistoryRepo } from './repo.ts';

/** The companies row's part a history reads. */
export interface HistoryCarrier {
  dot_number: number;
  created_at: string;
}

/** A carrier's record over time, as the history API and the profile's 'Record history' block read it. */
export function createHistoryService(db: Db) {
  const repo = createHistoryRepo(db);

  async function historyPage(
    carrier: HistoryCarrier,
    { kind, page, page_size }: HistoryQuery,
  ): Promise<HistoryPage> {
    const read = { dotNumber: carrier.dot_number, kind, limit: page_size, offset: (page - 1) * page_size };
    const { events: rows, facts } = await repo.page(read, carrier.created_at);
    // A carrier written otherwise than by a recorded census import starts on the day it was written.
    const startsOn = facts.starts_on ?? carrier.created_at.slice(0, 10);
    const contactChangedOn = facts.contact_changed_on ?? null;
    const startsAtFirstImport = facts.starts_on !== null && facts.first_import_at === carrier.created_at;
    return {
      dot_number: carrier.dot_number,
      data: rows.map((row) => {
        const eventKind = row.kind as HistoryKind;
        return {
          kind: eventKind,
          event: row.event,
          subject: row.subject,
          label: historySubjectLabel(eventKind, row.subject),
          description: historyEventDescription(eventKind, row.event, row.subject),
          value_before: row.value_before,
          value_after: row.value_after,
          effective_on: row.effective_on,
          first_seen_on: row.first_seen_on,
          source: row.source,
        };
      }),
      page,
      page_size,
      total: Number(facts.total ?? 0),
      history_starts_on: startsOn,
      history_starts_at_first_import: startsAtFirstImport,
      contact_unchanged_since: contactChangedOn ?? startsOn,
      contact_unchanged_at_least: contactChangedOn === null && startsAtFirstImport,
    };
  }

  return {
    historyPage,
    /** The history of a DOT number; null when the store has no such carrier. */
    async carrierHistory(dotNumber: number, query: HistoryQuery): Promise<HistoryPage | null> {
      const carrier = await db
        .selectFrom('companies')
        .select(['dot_number', 'created_at'])
        .where('dot_number', '=', dotNumber)
        .executeTakeFirst();
      return carrier ? historyPage(carrier, query) : null;
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
