import { describe, expect, it } from 'vitest';
import {
  addableBlockTypes,
  blockTypeLabel,
  newBlockRequest,
  nextBlockPosition,
  sortedBlocks,
} from './block-catalog.ts';

describe('addableBlockTypes', () => {
  it('offers all 14 types on an empty profile', () => {
    expect(addableBlockTypes([])).toHaveLength(14);
  });

  it('leaves out types already present, but always offers custom', () => {
    const offered = addableBlockTypes([
      { block_type: 'about_us' },
      { block_type: 'custom' },
      { block_type: 'ratings' },
    ]);
    expect(offered).not.toContain('about_us');
    expect(offered).not.toContain('ratings');
    expect(offered).toContain('custom');
    expect(offered).toHaveLength(12);
  });
});

describe('newBlockRequest', () => {
  it('gives the default title, visible and empty, full width', () => {
    expect(newBlockRequest('equipment_pictures', 7, 3)).toEqual({
      block_type: 'equipment_pictures',
      block_title: 'Our Equipment',
      block_content: '',
      company_id: 7,
      hide_title: false,
      block_width: 'full',
      start_new_row: false,
      block_position: 3,
      is_visible: true,
    });
  });

  it('makes the profile picture one-third wide and hides the titles of both pictures', () => {
    expect(newBlockRequest('profile_picture', 1, 0)).toMatchObject({
      block_title: 'Profile Picture',
      block_width: 'one-third',
      hide_title: true,
    });
    expect(newBlockRequest('header_picture', 1, 0)).toMatchObject({
      block_title: 'Header Image',
      block_width: 'full',
      hide_title: true,
    });
  });

  it.each([
    ['about_us', 'About Our Company'],
    ['safety_score', 'Safety Score'],
    ['inspection_heatmap', 'Inspection Heat Map'],
    ['cargo_carrier', 'Cargo & Carrier Information'],
    ['fleet_information', 'Fleet Information'],
    ['authority_insurance', 'Authority & Insurance'],
    ['ratings', 'Customer Ratings'],
    ['capacity', 'Capacity Board'],
    ['custom', 'Custom Content'],
  ] as const)('%s is titled %s', (type, title) => {
    expect(newBlockRequest(type, 1, 0).block_title).toBe(title);
    expect(blockTypeLabel(type)).toBe(title);
  });
});

describe('order', () => {
  it('sorts by position, then id, and places new blocks last', () => {
    const blocks = [
      { id: 3, block_position: 1 },
      { id: 2, block_position: 0 },
      { id: 1, block_position: 1 },
    ];
    expect(sortedBlocks(blocks).map((block) => block.id)).toEqual([2, 1, 3]);
    expect(nextBlockPosition(blocks)).toBe(2);
    expect(nextBlockPosition([])).toBe(0);
    expect(blockTypeLabel('weather_widget')).toBe('weather_widget');
  });
});
