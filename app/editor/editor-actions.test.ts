import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { runEditorAction } from './editor-actions.ts';

const jsonRequest = (body: unknown) =>
  new Request('http://localhost/profile/880006/edit', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown = {}) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : null });
    return new Response(status === 204 ? null : JSON.stringify(body), { status });
  });
  return calls;
}

describe('runEditorAction', () => {
  it('adds a block with the new block request of its type, placed where the intent says', async () => {
    const calls = stubFetch(201, { id: 9 });
    const change = { intent: 'add-block', blockType: 'profile_picture', companyId: 4, position: 3 };
    expect(await runEditorAction(jsonRequest(change))).toEqual({ change, ok: true });
    expect(calls).toEqual([
      {
        url: '/api/v1/content/blocks',
        method: 'POST',
        body: expect.objectContaining({
          block_type: 'profile_picture',
          company_id: 4,
          block_position: 3,
          hide_title: true,
          block_width: 'one-third',
        }),
      },
    ]);
  });

  it('sends a visibility change as a partial update and a new capacity entry as a POST', async () => {
    const calls = stubFetch(200);
    await runEditorAction(jsonRequest({ intent: 'set-visibility', blockId: 7, visible: false }));
    const entry = { date: '9999-12-31', trailer: 'Dry Van', origin: 'Omaha, NE', destination: '' };
    await runEditorAction(jsonRequest({ intent: 'save-capacity', entryId: null, entry }));
    await runEditorAction(jsonRequest({ intent: 'save-capacity', entryId: 5, entry }));
    expect(calls.map(({ url, method, body }) => [method, url, body])).toEqual([
      ['PUT', '/api/v1/content/blocks/7', { is_visible: false }],
      ['POST', '/api/v1/capacity', entry],
      ['PUT', '/api/v1/capacity/5', entry],
    ]);
  });

  it('answers a refusal as data, with the API error, so the component can word it', async () => {
    stubFetch(409, { detail: 'Only 5 custom blocks are allowed', code: 'conflict' });
    const result = await runEditorAction(jsonRequest({ intent: 'delete-block', blockId: 2 }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toEqual(
      new ApiError(409, 'Only 5 custom blocks are allowed', 'conflict'),
    );
  });

  it('refuses a body that is no editor change', async () => {
    await expect(runEditorAction(jsonRequest({ intent: 'drop-table' }))).rejects.toThrow();
    await expect(
      runEditorAction(jsonRequest({ intent: 'add-block', blockType: 'banner', companyId: 1, position: 0 })),
    ).rejects.toThrow();
  });
});
