import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './ssr.ts';

describe('the document Content-Security-Policy', () => {
  const directives = new Map(
    contentSecurityPolicy('N0nce+/=')
      .split('; ')
      .map((directive) => {
        const [name, ...values] = directive.split(' ');
        return [name, values];
      }),
  );

  it('runs scripts and applies <style> elements only with the response’s nonce', () => {
    for (const name of ['script-src', 'style-src', 'style-src-elem']) {
      expect(directives.get(name), name).toEqual(["'self'", "'nonce-N0nce+/='"]);
    }
  });

  it('allows style attributes only, never inline <style> elements without the nonce', () => {
    expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    for (const [name, values] of directives) {
      if (name !== 'style-src-attr') expect(values, name).not.toContain("'unsafe-inline'");
    }
  });

  it('keeps the other directives', () => {
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
