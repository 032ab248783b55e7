// The island of the public pages with nothing of their own beyond the site's header and search forms:
// search, how it works, the legal pages, the resources and the 404 page (docs/decisions/046).
import { enhanceHeader } from './header.ts';
import { enhanceSearchForms } from './search-forms.ts';

enhanceHeader();
enhanceSearchForms();
