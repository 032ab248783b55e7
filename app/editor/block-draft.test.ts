import { describe, expect, it } from 'vitest';
import type { ProfileBlock } from '../blocks/types.ts';
import { altTextFromFileName, changedBlockFields, draftOf, previewOf } from './block-draft.ts';

const block: ProfileBlock = {
  id: 5,
  company_id: 1,
  block_type: 'custom',
  block_title: 'Lanes',
  block_content: '<p>Saved</p>',
  block_position: 0,
  block_width: 'full',
  is_visible: true,
  hide_title: false,
  start_new_row: false,
  updated_at: '2026-11-22T00:00:00.000Z',
  assets: [],
};

describe('block drafts', () => {
  it('send only the changed fields', () => {
    const draft = draftOf(block);
    expect(changedBlockFields(block, draft)).toEqual({});
    expect(changedBlockFields(block, { ...draft, title: 'Our Lanes' })).toEqual({ block_title: 'Our Lanes' });
    expect(changedBlockFields(block, { ...draft, content: '<p>New</p>', hideTitle: true })).toEqual({
      block_content: '<p>New</p>',
      hide_title: true,
    });
  });

  it('preview custom HTML as saved, other content as typed', () => {
    const draft = { ...draftOf(block), title: 'New title', content: '<script>x</script>' };
    expect(previewOf(block, draft)).toMatchObject({
      block_title: 'New title',
      block_content: '<p>Saved</p>',
    });
    const about = { ...block, block_type: 'about_us', block_content: 'Old' };
    expect(previewOf(about, { ...draftOf(about), content: 'New' }).block_content).toBe('New');
  });

  it('suggest alt text from the file name', () => {
    expect(altTextFromFileName('reefer-trailer_2.jpg')).toBe('Reefer trailer 2');
    expect(altTextFromFileName('.png')).toBe('');
  });
});
