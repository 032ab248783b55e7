import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HistoryPage } from '../../../core/contracts/history.ts';
import type { CarrierPanels } from '../types.ts';
import { RecordHistoryBlock } from './RecordHistoryBlock.tsx';

const PAGE: HistoryPage = {
  dot_number: 1,
  data: [
    {
      kind: 'record',
      event: 'changed',
      subject: 'usdot_status',
      label: 'USDOT status',
      description: 'USDOT status changed',
      value_before: 'A',
      value_after: 'I',
      effective_on: null,
      first_seen_on: '2026-11-02',
      source: 'az4n-8mr2',
    },
    {
      kind: 'record',
      event: 'changed',
      subject: 'email',
      label: 'E-mail on the FMCSA record',
      description: 'E-mail on the FMCSA record changed',
      value_before: null,
      value_after: null,
      effective_on: '2026-10-28',
      first_seen_on: '2026-11-02',
      source: 'az4n-8mr2',
    },
    {
      kind: 'record',
      event: 'changed',
      subject: 'fax',
      label: 'Fax',
      description: 'Fax changed',
      value_before: '5125550102',
      value_after: null,
      effective_on: '2026-10-28',
      first_seen_on: '2026-11-02',
      source: 'az4n-8mr2',
    },
  ],
  page: 1,
  page_size: 3,
  total: 5,
  history_starts_on: '2026-11-01',
  history_starts_at_first_import: true,
  contact_unchanged_since: '2026-10-28',
  contact_unchanged_at_least: false,
};

const render = (history: CarrierPanels['history'], preview = false) =>
  renderToStaticMarkup(<RecordHistoryBlock panels={{ history } as CarrierPanels} preview={preview} />);
/** The text of each table row's cells. */
const rows = (html: string) =>
  [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '')),
  );

describe('RecordHistoryBlock', () => {
  it('lists the changes with their day, what changed, before and after, the e-mail without values', () => {
    const html = render({ status: 'data', value: PAGE });
    expect(html).toContain('Contact details unchanged since October 28, 2026');
    expect(rows(html)).toEqual([
      ['Date', 'What changed', 'Before', 'After'],
      ['November 2, 2026 (first seen)', 'USDOT status', 'Active', 'Inactive'],
      ['October 28, 2026', 'E-mail on the FMCSA record changed', '—', '—'],
      ['October 28, 2026', 'Fax', '5125550102', 'none'],
    ]);
    expect(html).toContain('Showing 1–3 of 5 changes');
    expect(html).toContain('<a href="?history_page=2#record-history">Older changes</a>');
    expect(html).not.toContain('Newer changes');
  });

  it('links to newer changes from a later page, and leaves the links out of the editor preview', () => {
    const second = { ...PAGE, page: 2 };
    expect(render({ status: 'data', value: second })).toContain(
      '<a href="?history_page=1#record-history">Newer changes</a>',
    );
    expect(render({ status: 'data', value: PAGE }, true)).not.toContain('Older changes');
  });

  it('says since when nothing changed, "at least" from the store first import', () => {
    const quiet = {
      ...PAGE,
      data: [],
      total: 0,
      contact_unchanged_since: '2026-11-01',
      contact_unchanged_at_least: true,
    };
    const html = render({ status: 'data', value: quiet });
    expect(html).toContain('Contact details unchanged since at least November 1, 2026');
    expect(html).toContain('No changes recorded since at least November 1, 2026.');
    expect(html).not.toContain('<table');
  });

  it('shows the error and the unavailable states', () => {
    expect(render({ status: 'error' })).toContain('Error: Failed to load the record history');
    expect(render({ status: 'unavailable' })).toContain('DOT number not available');
  });
});
