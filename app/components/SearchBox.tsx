import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchPathFor } from '../lib/search-path.ts';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  buttonText: string;
  className?: string;
}

/**
 * A free-text carrier search that navigates to /search?q=...; a blank term does nothing. On public
 * pages, which are not hydrated, the search-box island (app/islands/search-forms.ts) does the same.
 */
export function SearchBox({ label, placeholder, buttonText, className }: SearchBoxProps) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const path = searchPathFor(term);
    if (path) void navigate(path);
  }

  return (
    // Named: a page may have two search landmarks (the header's and the landing page's Super Search).
    <form
      role="search"
      aria-label={label}
      action="/search"
      method="get"
      onSubmit={submit}
      className={className}
      data-search-box=""
    >
      <input
        type="search"
        name="q"
        aria-label={label}
        placeholder={placeholder}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <button type="submit">{buttonText}</button>
    </form>
  );
}
