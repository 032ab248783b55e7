import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { blockFailureText } from './block-failure.ts';

describe('blockFailureText', () => {
  it('adds the server’s reason to a refusal over a limit or a conflict', () => {
    const limit = new ApiError(409, 'A profile can have at most 20 custom blocks', 'conflict');
    expect(blockFailureText(limit, 'Failed to add new block')).toBe(
      'Failed to add new block: A profile can have at most 20 custom blocks',
    );
    const tooLarge = new ApiError(413, 'Block content may be at most 100 KB (102400 bytes)', 'too_large');
    expect(
      blockFailureText(tooLarge, 'Failed to update block', 'Failed to update block. Please try again.'),
    ).toBe('Failed to update block: Block content may be at most 100 KB (102400 bytes)');
  });

  it('keeps the spec’s message for anything else', () => {
    const spec = 'Failed to update block. Please try again.';
    expect(blockFailureText(new ApiError(500, 'Down', 'internal'), 'Failed to update block', spec)).toBe(
      spec,
    );
    expect(blockFailureText(new ApiError(409, null, 'conflict'), 'Failed to update block', spec)).toBe(spec);
    expect(blockFailureText(new TypeError('fetch failed'), 'Failed to add new block')).toBe(
      'Failed to add new block',
    );
  });
});
