import { Link } from 'react-router';
import { MAX_SEARCH_RESULTS } from '../../core/search-bounds.ts';

/** A search's answer as far as its pages go: how many pages it lists, and whether it stops short. */
export function shownPages(result: { total_pages: number; page_limit: number }): number {
  return Math.min(result.total_pages, result.page_limit);
}

/** Whether more match than the pages list, so the visitor is told how to narrow the search. */
export function pastPageBound(result: { total_pages: number; page_limit: number }): boolean {
  return result.total_pages > result.page_limit;
}

/**
 * Where a search's pages end (MAX_SEARCH_RESULTS): what it shows, and which filters narrow it,
 * instead of pages further down a list nobody reads.
 */
export function PageBoundNote({ narrowing }: { narrowing: string }) {
  return (
    <p className="page-bound-note">
      {`Showing the first ${MAX_SEARCH_RESULTS.toLocaleString('en-US')} results. ${narrowing}`}
    </p>
  );
}

/** A page asked for past the bound: the same advice, and the way back to the first page. */
export function PastPageBound({
  pageLimit,
  narrowing,
  firstPage,
}: {
  pageLimit: number;
  narrowing: string;
  firstPage: string;
}) {
  return (
    <div className="empty-state">
      <h2>{`Results stop at page ${pageLimit}`}</h2>
      <PageBoundNote narrowing={narrowing} />
      <Link to={firstPage}>Back to the first page</Link>
    </div>
  );
}
