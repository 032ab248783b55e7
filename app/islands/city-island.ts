// A city page's island (docs/decisions/046): the site's header and search forms (the city's filters
// and Custom Search among them) and the filters' panel.
import { enhanceCityFilters } from './city-filters.ts';
import { enhanceHeader } from './header.ts';
import { enhanceSearchForms } from './search-forms.ts';

enhanceHeader();
enhanceSearchForms();
enhanceCityFilters();
