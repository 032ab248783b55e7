// A public profile's island (docs/decisions/046): the site's header and search box (a claimed profile
// has none), the owner's parts, block images' failures, the heat map's keys and the equipment lightbox.
import { enhanceHeader } from './header.ts';
import { enhanceHeatMaps } from './heat-map.ts';
import { enhanceImageFallbacks } from './image-fallback.ts';
import { enhanceLightboxes } from './lightbox.ts';
import { revealOwnerOnly } from './owner-only.ts';
import { enhanceSearchForms } from './search-forms.ts';

enhanceImageFallbacks();
enhanceHeader();
enhanceSearchForms();
revealOwnerOnly();
enhanceHeatMaps();
enhanceLightboxes();
