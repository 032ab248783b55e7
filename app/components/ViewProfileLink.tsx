import { Link } from 'react-router';
import type { Company } from '../lib/company.ts';

/** The 'View Profile' button of a result, named for the carrier so screen readers can tell them apart. */
export function ViewProfileLink({ company }: { company: Pick<Company, 'name' | 'dot_number'> }) {
  return (
    <Link
      to={`/profile/${company.dot_number}`}
      className="button button--primary button--small"
      aria-label={`View Profile: ${company.name}`}
    >
      View Profile
    </Link>
  );
}
