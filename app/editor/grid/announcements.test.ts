import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { dragAnnouncements } from './announcements.ts';

const titles = new Map([
  [1, 'About Our Company'],
  [2, 'Safety Score'],
  [3, 'Fleet Information'],
]);
const announce = dragAnnouncements((id) => titles.get(Number(id)) ?? 'The block', [1, 2, 3]);
const active = { id: 3 } as Active;
const over = (id: number) => ({ id }) as Over;

describe('drag announcements', () => {
  it('name the block and its place instead of ids', () => {
    expect(announce.onDragStart({ active })).toBe('Picked up Fleet Information, at place 3 of 3.');
    expect(announce.onDragOver({ active, over: over(1) })).toBe(
      'Fleet Information is over About Our Company, place 1 of 3.',
    );
    expect(announce.onDragOver({ active, over: null })).toBe('Fleet Information is no longer over a place.');
    expect(announce.onDragEnd({ active, over: over(1) })).toBe(
      'Fleet Information was dropped at place 1 of 3. Save Layout to keep it.',
    );
    expect(announce.onDragCancel({ active, over: null })).toBe(
      'Moving Fleet Information was cancelled; it is back in its place.',
    );
  });

  it('stay quiet while the block is over its own place, so the pick-up message is heard', () => {
    expect(announce.onDragOver({ active, over: over(3) })).toBeUndefined();
  });
});
