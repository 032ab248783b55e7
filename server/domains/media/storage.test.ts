import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { STORAGE_KEY, createLocalStorage } from './storage.ts';

describe('local media storage', () => {
  const roots: string[] = [];
  const dir = () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-storage-'));
    roots.push(root);
    return path.join(root, 'media');
  };
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it('stores bytes under a new random key and reads them back', async () => {
    const storage = createLocalStorage(dir());
    const first = await storage.put(Buffer.from('one'), 'png');
    const second = await storage.put(Buffer.from('two'), 'png');
    expect(first).toMatch(STORAGE_KEY);
    expect(first).not.toBe(second);
    const file = await storage.read(first);
    expect(file?.size).toBe(3);
    expect(await text(file!.stream)).toBe('one');
  });

  it('leaves no temporary files behind', async () => {
    const folder = dir();
    const storage = createLocalStorage(folder);
    const key = await storage.put(Buffer.from('x'), 'jpg');
    expect(readdirSync(folder)).toEqual([key]);
  });

  it('refuses extensions that would not make a key', async () => {
    await expect(createLocalStorage(dir()).put(Buffer.from('x'), '../x')).rejects.toThrow('extension');
  });

  it('reads and deletes only its own keys, and tolerates a missing file', async () => {
    const folder = dir();
    const storage = createLocalStorage(folder);
    const key = await storage.put(Buffer.from('x'), 'jpg');
    writeFileSync(path.join(folder, 'other.txt'), 'not media');
    expect(await storage.read('other.txt')).toBeNull();
    expect(await storage.read(`../media/${key}`)).toBeNull();
    await storage.delete('other.txt');
    expect(readdirSync(folder).sort()).toEqual([key, 'other.txt'].sort());
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
  });
});
