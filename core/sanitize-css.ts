import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';

/** The element every profile's custom CSS is scoped to (app/routes/public/profile.tsx). */
export const PROFILE_ROOT_SELECTOR = '#carrier-profile';

export interface DroppedRule {
  /** The rule or declaration as written (shortened). */
  css: string;
  reason: string;
}

export interface SanitizedCss {
  css: string;
  dropped: DroppedRule[];
}

const ALLOWED_AT_RULES = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes']);
/** Properties that run code or bind behaviour in some browsers. */
const FORBIDDEN_PROPERTIES = new Set(['behavior', '-moz-binding']);
/** Property names as CSS writes them: letters, digits and hyphens, or a custom property. */
const PROPERTY_NAME = /^(?:--[\w-]+|-?[a-z][a-z\d-]*)$/i;
/**
 * The only URLs a value may hold: this site's uploaded media, by their storage key (128 random bits
 * in hex and an extension, server/domains/media/storage.ts), so no '..', no %-encoding, no other
 * path, host, scheme, query or fragment.
 */
const MEDIA_URL = /^\/media\/[\da-f]{32}\.[a-z\d]{2,5}$/;
const MEDIA_ONLY = 'url() may only point at images uploaded to this profile';

const GRADIENTS = ['linear-gradient', 'radial-gradient', 'conic-gradient'].flatMap((name) => [
  name,
  `repeating-${name}`,
]);
/**
 * The functions a value may call: none of them fetches anything. Every other function is dropped
 * (image(), cross-fade(), src(), element(), paint(), attr(), expression() and any name a browser may
 * add later), whatever its case or vendor prefix. url() and image-set() are allowed apart, when every
 * URL in them is one of this site's media (MEDIA_URL).
 */
const ALLOWED_FUNCTIONS = new Set([
  ...[
    'rgb rgba hsl hsla hwb lab lch oklab oklch color color-mix light-dark device-cmyk',
    'calc min max clamp round mod rem abs sign pow sqrt hypot log exp sin cos tan asin acos atan atan2',
    'var env -webkit-calc -moz-calc -webkit-gradient color-stop from to',
    'matrix matrix3d perspective skew skewx skewy translate translatex translatey translatez translate3d',
    'scale scalex scaley scalez scale3d rotate rotatex rotatey rotatez rotate3d',
    'blur brightness contrast drop-shadow grayscale hue-rotate invert opacity saturate sepia',
    'cubic-bezier steps linear repeat minmax fit-content inset circle ellipse polygon rect xywh path',
    'counter counters scroll view anchor anchor-size',
  ]
    .join(' ')
    .split(' '),
  ...GRADIENTS,
  ...GRADIENTS.flatMap((name) => ['-webkit-', '-moz-', '-o-', '-ms-'].map((prefix) => `${prefix}${name}`)),
]);
/** image-set() loads the URLs in it, strings included: each one is checked (functionProblem). */
const IMAGE_SET_FUNCTIONS = new Set(['image-set', '-webkit-image-set']);

/** The root itself, not an id that merely starts with the same letters. */
const ROOT_PREFIX = /^#carrier-profile(?![\w-])/;
const ROOT_ID = PROFILE_ROOT_SELECTOR.slice(1);
/** Combinators that stay below the element they follow: descendant and child. */
const DOWNWARD_COMBINATORS = new Set([' ', '>']);

/**
 * Whether a scoped selector can match outside the profile, read by a selector parser: its first
 * compound must be the root itself, and neither the combinator after it nor any combinator in that
 * compound's pseudo-classes (:not(), :is(), :where(), :has(), …) may lead sideways or anywhere but down.
 * A selector the parser cannot read counts as leaving.
 */
function leavesRoot(selector: string): boolean {
  let leaves = false;
  try {
    selectorParser((selectors) => {
      selectors.each((complex) => {
        const nodes = complex.nodes;
        const after = nodes.findIndex((node) => node.type === 'combinator');
        const compound = after < 0 ? nodes : nodes.slice(0, after);
        const isRoot = compound.some((node) => node.type === 'id' && node.value === ROOT_ID);
        const combinators: (string | undefined)[] = after < 0 ? [] : [nodes[after]!.value];
        for (const node of compound) {
          if (node.type === 'pseudo')
            node.walkCombinators((combinator) => void combinators.push(combinator.value));
        }
        if (!isRoot || combinators.some((value) => !DOWNWARD_COMBINATORS.has(value ?? ''))) leaves = true;
      });
    }).processSync(selector);
  } catch {
    return true;
  }
  return leaves;
}

function shorten(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > 120 ? `${single.slice(0, 117)}...` : single;
}

/** White space as CSS knows it (not the no-break space, which CSS reads as part of a name). */
const CSS_WHITESPACE = /[ \t\n\r\f]/;

type ValueToken =
  | { kind: 'function'; name: string; text: string }
  | { kind: 'url'; url: string; text: string }
  | { kind: 'string'; value: string; text: string }
  | { kind: 'space' | 'close' | 'other'; text: string };

/**
 * Splits a declaration's value (already free of backslashes, so no escapes) into CSS tokens:
 * functions (a name directly followed by '('), unquoted url(…) tokens, strings, white space (a
 * comment counts as white space and is not kept) and single other characters. Null when a string or
 * a comment does not end.
 */
function tokenizeValue(value: string): ValueToken[] | null {
  const tokens: ValueToken[] = [];
  let at = 0;
  while (at < value.length) {
    const rest = value.slice(at);
    const char = value[at] as string;
    if (rest.startsWith('/*')) {
      const end = value.indexOf('*/', at + 2);
      if (end < 0) return null;
      tokens.push({ kind: 'space', text: ' ' });
      at = end + 2;
    } else if (CSS_WHITESPACE.test(char)) {
      const run = /^[ \t\n\r\f]+/.exec(rest)![0];
      tokens.push({ kind: 'space', text: ' ' });
      at += run.length;
    } else if (char === '"' || char === "'") {
      const end = value.indexOf(char, at + 1);
      if (end < 0 || /[\n\r\f]/.test(value.slice(at, end))) return null;
      tokens.push({ kind: 'string', value: value.slice(at + 1, end), text: value.slice(at, end + 1) });
      at = end + 1;
    } else {
      // A name: what CSS reads as an identifier (non-ASCII letters included).
      const name = /^[\w\-\u0080-\uffff]+/.exec(rest)?.[0];
      if (name && value[at + name.length] === '(') {
        const lower = name.toLowerCase();
        const unquoted =
          lower === 'url'
            ? /^\([ \t\n\r\f]*([^"'()\s]*)[ \t\n\r\f]*\)/.exec(value.slice(at + name.length))
            : null;
        if (unquoted) {
          tokens.push({ kind: 'url', url: unquoted[1] as string, text: `url(${unquoted[1]})` });
          at += name.length + unquoted[0].length;
        } else {
          tokens.push({ kind: 'function', name: lower, text: `${name}(` });
          at += name.length + 1;
        }
      } else if (name) {
        tokens.push({ kind: 'other', text: name });
        at += name.length;
      } else {
        tokens.push({ kind: char === ')' ? 'close' : 'other', text: char });
        at += 1;
      }
    }
  }
  return tokens;
}

/**
 * Checks every function and URL of a value's tokens against the allowlists. Returns the reason to
 * drop the declaration, or null. url("…") must hold one string and nothing else; inside image-set()
 * only URLs (strings count as URLs there), resolutions, type() and commas may appear, so not even a
 * var() can bring in an address.
 */
function functionProblem(tokens: readonly ValueToken[]): string | null {
  /** The functions the current token is inside, innermost last. */
  const open: string[] = [];
  for (const [index, token] of tokens.entries()) {
    const inside = open.at(-1);
    if (token.kind === 'url') {
      if (!MEDIA_URL.test(token.url)) return MEDIA_ONLY;
    } else if (token.kind === 'string') {
      if ((inside === 'url' || IMAGE_SET_FUNCTIONS.has(inside ?? '')) && !MEDIA_URL.test(token.value)) {
        return MEDIA_ONLY;
      }
    } else if (token.kind === 'function') {
      if (inside === 'url') return MEDIA_ONLY;
      if (IMAGE_SET_FUNCTIONS.has(inside ?? '') && token.name !== 'url' && token.name !== 'type') {
        return `${token.name}() is not allowed inside ${inside}()`;
      }
      if (token.name === 'url') {
        // url( "string" ) and nothing else.
        const args = [];
        for (let next = index + 1; next < tokens.length && tokens[next]!.kind !== 'close'; next += 1) {
          if (tokens[next]!.kind !== 'space') args.push(tokens[next]!);
        }
        if (args.length !== 1 || args[0]!.kind !== 'string') return MEDIA_ONLY;
      } else if (
        !ALLOWED_FUNCTIONS.has(token.name) &&
        !IMAGE_SET_FUNCTIONS.has(token.name) &&
        token.name !== 'type'
      ) {
        return `${token.name}() is not allowed`;
      } else if (token.name === 'type' && !IMAGE_SET_FUNCTIONS.has(inside ?? '')) {
        return 'type() is not allowed';
      }
      open.push(token.name);
    } else if (token.kind === 'close') {
      open.pop();
    } else if (token.kind === 'other' && token.text === '(') {
      // A bracketed group has no place in image-set(); inside it a string would escape the checks above.
      if (IMAGE_SET_FUNCTIONS.has(inside ?? '')) return `brackets are not allowed inside ${inside}()`;
      open.push('(');
    }
  }
  return null;
}

function declarationProblem(declaration: Declaration): string | null {
  const property = declaration.prop.toLowerCase();
  const value = declaration.value;
  if (FORBIDDEN_PROPERTIES.has(property)) return `${property} is not allowed`;
  if (/[<>]/.test(value) || /[<>]/.test(property)) return 'angle brackets are not allowed';
  if (!PROPERTY_NAME.test(property)) return 'property names may only hold letters, digits and hyphens';
  if (/javascript:|vbscript:/i.test(value)) return 'script URLs are not allowed';
  if (/\\/.test(value)) return 'escape sequences are not allowed in values';
  return null;
}

/**
 * The declaration's value as the public page gets it, or the reason to drop the declaration: every
 * function and URL checked (functionProblem), comments removed and white space collapsed, so what
 * was checked is exactly what is written out (PostCSS would otherwise print the value as written,
 * comments included).
 */
function cleanValue(declaration: Declaration): { value: string } | { problem: string } {
  const problem = declarationProblem(declaration);
  if (problem) return { problem };
  const tokens = tokenizeValue(declaration.value);
  if (!tokens) return { problem: 'a string or comment in the value does not end' };
  const functions = functionProblem(tokens);
  if (functions) return { problem: functions };
  return {
    value: tokens
      .map((token) => token.text)
      .join('')
      .replace(/ {2,}/g, ' ')
      .trim(),
  };
}

/** Puts a selector under the profile root; page-level selectors (html, body, :root) become the root. */
function scopeSelector(selector: string): string {
  const trimmed = selector.trim();
  const pageLevel = /^(html|body|:root)(\s+|$)/i.exec(trimmed);
  if (pageLevel) {
    const rest = trimmed.slice(pageLevel[0].length).trim();
    return rest ? `${PROFILE_ROOT_SELECTOR} ${scopeSelector(rest)}` : PROFILE_ROOT_SELECTOR;
  }
  if (ROOT_PREFIX.test(trimmed)) return trimmed;
  return `${PROFILE_ROOT_SELECTOR} ${trimmed}`;
}

/**
 * The profile's custom CSS as it may be stored and injected: parsed (never pattern-matched), every
 * selector scoped under the profile's root element, and anything that could load from other hosts,
 * run script, or escape the <style> element removed. What was removed is reported with the reason,
 * so the style editor can tell the owner instead of losing rules silently.
 */
export function sanitizeCustomCss(input: string): SanitizedCss {
  const dropped: DroppedRule[] = [];
  let root;
  try {
    root = postcss.parse(input);
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^<css input>:?/, '').trim() : 'unreadable CSS';
    return { css: '', dropped: [{ css: shorten(input), reason: `The CSS could not be read: ${reason}` }] };
  }

  const drop = (node: ChildNode, reason: string) => {
    dropped.push({ css: shorten(node.toString()), reason });
    node.remove();
  };

  const visit = (node: ChildNode, insideKeyframes: boolean) => {
    if (node.type === 'comment') {
      node.remove();
    } else if (node.type === 'atrule') {
      const atRule = node as AtRule;
      const name = atRule.name.toLowerCase();
      if (!ALLOWED_AT_RULES.has(name)) return drop(node, `@${name} is not allowed`);
      if (/[<>]/.test(atRule.params)) return drop(node, 'angle brackets are not allowed');
      atRule.each((child) => visit(child, insideKeyframes || name.endsWith('keyframes')));
    } else if (node.type === 'rule') {
      const rule = node as Rule;
      if (/[<>]/.test(rule.selector)) return drop(node, 'angle brackets are not allowed in selectors');
      if (!insideKeyframes) {
        const scoped = rule.selectors.map(scopeSelector);
        if (scoped.some(leavesRoot)) {
          return drop(node, 'selectors may only style elements inside the profile');
        }
        rule.selectors = scoped;
      }
      rule.each((child) => visit(child, insideKeyframes));
    } else if (node.type === 'decl') {
      const declaration = node as Declaration;
      const cleaned = cleanValue(declaration);
      if ('problem' in cleaned) return drop(node, cleaned.problem);
      declaration.value = cleaned.value;
      delete declaration.raws.value;
    }
  };
  root.each((node) => visit(node, false));
  return { css: root.toString().trim(), dropped };
}
