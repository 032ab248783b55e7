import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../core/errors.ts';
import { createDecodeQueue } from './image.ts';

/** Work that runs until the test ends it. */
function gatedWork(log: string[], name: string) {
  let finish = () => {};
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const work = async () => {
    log.push(`start ${name}`);
    await gate;
    return name;
  };
  return { work, finish };
}

describe('the image decode queue', () => {
  it('runs at most maxRunning at once, lets maxWaiting wait in order and refuses the rest with 503', async () => {
    const queue = createDecodeQueue({ maxRunning: 1, maxWaiting: 2 });
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gatedWork(log, name)) as [
      ReturnType<typeof gatedWork>,
      ReturnType<typeof gatedWork>,
      ReturnType<typeof gatedWork>,
    ];
    const first = queue.run(a.work);
    const second = queue.run(b.work);
    expect(queue.full).toBe(false);
    const third = queue.run(c.work);
    expect(queue.full).toBe(true);
    await Promise.resolve();
    expect(log).toEqual(['start a']);

    const refused = queue.run(async () => 'd');
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({
      code: 'busy',
      detail: 'The server is busy processing other images. Please try again in 5 seconds.',
      retryAfterSeconds: 5,
    });

    a.finish();
    expect(await first).toBe('a');
    expect(queue.full).toBe(false);
    b.finish();
    expect(await second).toBe('b');
    c.finish();
    expect(await third).toBe('c');
    expect(log).toEqual(['start a', 'start b', 'start c']);
  });

  it('gives the slot back when work fails', async () => {
    const queue = createDecodeQueue({ maxRunning: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
