import { Link } from 'react-router';

/**
 * The page numbers to show: 1, the last page, and the current page plus or minus `radius`, with
 * `null` where an ellipsis stands for skipped pages (spec: search pagination).
 */
export function pageWindow(current: number, total: number, radius = 1): (number | null)[] {
  const pages = new Set<number>([1, total]);
  for (let page = current - radius; page <= current + radius; page += 1) {
    if (page >= 1 && page <= total) pages.add(page);
  }
  const sorted = [...pages].filter((page) => page >= 1).sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) items.push(null);
    items.push(page);
  });
  return items;
}

interface PaginationProps {
  current: number;
  total: number;
  /** The URL of a page (links work without JavaScript and can be shared). */
  hrefFor: (page: number) => string;
  pages?: (number | null)[];
  /** Names the navigation where a page has more than one list to page through. */
  label?: string;
}

export function Pagination({
  current,
  total,
  hrefFor,
  pages = pageWindow(current, total),
  label = 'Pagination',
}: PaginationProps) {
  if (total <= 1) return null;
  return (
    <nav aria-label={label} className="pagination">
      <ul>
        <li>
          {current > 1 ? (
            <Link to={hrefFor(current - 1)} rel="prev">
              Previous
            </Link>
          ) : (
            <span aria-disabled="true">Previous</span>
          )}
        </li>
        {pages.map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="pagination__gap">
              …
            </li>
          ) : (
            <li key={page}>
              {page === current ? (
                <span aria-current="page">{page}</span>
              ) : (
                <Link to={hrefFor(page)} aria-label={`Page ${page}`}>
                  {page}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {current < total ? (
            <Link to={hrefFor(current + 1)} rel="next">
              Next
            </Link>
          ) : (
            <span aria-disabled="true">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
