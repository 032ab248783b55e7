import { describe, expect, it } from 'vitest';
import { sanitizeCustomHtml } from './sanitize-html.ts';

describe('sanitizeCustomHtml', () => {
  it('keeps text structure, links and images', () => {
    expect(
      sanitizeCustomHtml(
        '<h2>Lanes</h2><p>We run <strong>TX</strong> to <em>IL</em>.</p><ul><li>Dry van</li></ul>',
      ),
    ).toBe('<h2>Lanes</h2><p>We run <strong>TX</strong> to <em>IL</em>.</p><ul><li>Dry van</li></ul>');
    expect(sanitizeCustomHtml('<a href="https://example.com/rates">Rates</a>')).toBe(
      '<a href="https://example.com/rates" rel="noopener noreferrer nofollow" target="_blank">Rates</a>',
    );
    expect(sanitizeCustomHtml('<img src="/media/1/truck.jpg" alt="Truck">')).toBe(
      '<img alt="Truck" src="/media/1/truck.jpg" />',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src="x" onerror="alert(1)">', '<img alt="" />'],
    ['<img src="../../etc/passwd">', '<img alt="" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['</style><script>alert(1)</script>', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<svg onload="alert(1)"><circle/></svg>', ''],
    ['<p style="position:fixed;top:0">x</p>', '<p>x</p>'],
    ['<form action="https://evil.example"><input name="card"></form>', ''],
    ['<img src="data:image/png;base64,AAAA">', '<img alt="" />'],
    ['<a href="//evil.example">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['<div onclick="steal()">x</div>', '<div>x</div>'],
  ])('neutralises %s', (input, expected) => {
    expect(sanitizeCustomHtml(input)).toBe(expected);
  });
});
