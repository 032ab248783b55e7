/** Word lists are written as text blocks so they stay compact (Prettier would put one word per line). */

/** Splits on whitespace: for lists of single words. */
export function words(text: string): string[] {
  return text.trim().split(/\s+/);
}

/** Splits on a separator (a comma unless the phrases contain commas): for phrases with spaces. */
export function list(text: string, separator = ','): string[] {
  return text
    .split(separator)
    .map((item) => item.trim().replace(/\s+/g, ' '))
    .filter((item) => item !== '');
}
