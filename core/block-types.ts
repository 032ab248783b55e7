/**
 * The block types and their default titles (owner-side section 3; authority_insurance from issue 18,
 * record_history from issue 52, connected_carriers from issue 55).
 */
export const BLOCK_TYPES = {
  profile_picture: 'Profile Picture',
  header_picture: 'Header Image',
  about_us: 'About Our Company',
  equipment_pictures: 'Our Equipment',
  safety_score: 'Safety Score',
  inspection_heatmap: 'Inspection Heat Map',
  cargo_carrier: 'Cargo & Carrier Information',
  fleet_information: 'Fleet Information',
  ratings: 'Customer Ratings',
  capacity: 'Capacity Board',
  custom: 'Custom Content',
  authority_insurance: 'Authority & Insurance',
  record_history: 'Record history',
  connected_carriers: 'Connected carriers',
} as const;

export type BlockType = keyof typeof BLOCK_TYPES;
export const BLOCK_TYPE_NAMES = Object.keys(BLOCK_TYPES) as [BlockType, ...BlockType[]];

/** Whether a stored or received type name is one of these (a newer version may have stored others). */
export function isBlockType(type: string): type is BlockType {
  return Object.hasOwn(BLOCK_TYPES, type);
}
export const BLOCK_WIDTHS = ['full', 'half', 'two-thirds', 'one-third'] as const;
export type BlockWidth = (typeof BLOCK_WIDTHS)[number];

/** The spec's four widths (owner-side section 2.1), as the grid editor's select names them. */
export const BLOCK_WIDTH_LABELS: Record<BlockWidth, string> = {
  full: 'Full',
  half: 'Half (1/2)',
  'two-thirds': 'Two-thirds (2/3)',
  'one-third': 'One-third (1/3)',
};

/**
 * The data blocks of a carrier's profile before its owner arranges it (public-side section 2, and
 * the authority and insurance panel of issue 18): shown on an unclaimed profile, and created as the
 * claimed profile's own blocks when a claim is verified (docs/decisions/024-honest-dated-carrier-data.md),
 * in this order: the four census and safety blocks two to a row, then the authority and insurance
 * panel, the record history and the connected carriers across the page (their tables need the width).
 */
export const DEFAULT_DATA_BLOCKS = (
  [
    ['safety_score', 'half', false],
    ['inspection_heatmap', 'half', false],
    ['cargo_carrier', 'half', true],
    ['fleet_information', 'half', false],
    ['authority_insurance', 'full', true],
    ['record_history', 'full', true],
    ['connected_carriers', 'full', true],
  ] as const
).map(([block_type, block_width, start_new_row]) => ({
  block_type,
  block_title: BLOCK_TYPES[block_type],
  block_width,
  start_new_row,
}));

/**
 * Picture blocks always hide their title (owner-side section 4) and live in the profile header, never
 * in the rows.
 */
export const PICTURE_BLOCK_TYPES: ReadonlySet<string> = new Set(['profile_picture', 'header_picture']);

/** A new block's width when its request names none: the profile picture takes a third, the rest the full row. */
export function defaultBlockWidth(type: string): BlockWidth {
  return type === 'profile_picture' ? 'one-third' : 'full';
}

/**
 * How many images each image-bearing block type holds; other block types take none. The media API
 * enforces it and the editor's uploaders show it ('Maximum {n} file(s) allowed').
 */
export const IMAGE_LIMITS: Partial<Record<BlockType, number>> = {
  profile_picture: 1,
  header_picture: 1,
  equipment_pictures: 20,
};

/**
 * What one profile may store (docs/decisions/021-block-content-and-visibility.md). The content of one block,
 * as sent and as stored (UTF-8 bytes); the content of all of a profile's blocks together; and how
 * many custom blocks a profile may have (every other type is limited to one).
 */
export const MAX_BLOCK_CONTENT_BYTES = 100 * 1024;
export const MAX_PROFILE_CONTENT_BYTES = 500 * 1024;
export const MAX_CUSTOM_BLOCKS = 20;
