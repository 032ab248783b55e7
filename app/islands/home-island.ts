// The landing page's island (docs/decisions/046): the site's header and search forms, the DOT
// lookup and the grid demo.
import { enhanceDotLookup } from './dot-lookup.ts';
import { enhanceGridDemo } from './grid-demo.ts';
import { enhanceHeader } from './header.ts';
import { enhanceSearchForms } from './search-forms.ts';

enhanceHeader();
enhanceSearchForms();
enhanceDotLookup();
enhanceGridDemo();
