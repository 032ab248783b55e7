import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from 'postcss';

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
/** url() may only point at our own uploaded media (no other hosts, no data or script URLs). */
const SAFE_URL = /^\/media\/[\w\-./]+$/;

/** The root itself, not an id that merely starts with the same letters. */
const ROOT_PREFIX = /^#carrier-profile(?![\w-])/;
/** A scoped selector whose root is followed by a sibling combinator would style the page around the profile. */
const LEAVES_ROOT = /^#carrier-profile(?![\w-])[^\s>+~]*\s*[~+]/;

function shorten(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > 120 ? `${single.slice(0, 117)}...` : single;
}

function urlProblem(value: string): string | null {
  for (const match of value.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi)) {
    if (!SAFE_URL.test(match[2] ?? '')) return 'url() may only point at images uploaded to this profile';
  }
  return null;
}

function declarationProblem(declaration: Declaration): string | null {
  const property = declaration.prop.toLowerCase();
  const value = declaration.value;
  if (FORBIDDEN_PROPERTIES.has(property)) return `${property} is not allowed`;
  if (/expression\s*\(/i.test(value)) return 'expression() is not allowed';
  if (/javascript:|vbscript:/i.test(value)) return 'script URLs are not allowed';
  if (/[<>]/.test(value) || /[<>]/.test(property)) return 'angle brackets are not allowed';
  if (/\\/.test(value)) return 'escape sequences are not allowed in values';
  return urlProblem(value);
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
        if (scoped.some((selector) => LEAVES_ROOT.test(selector))) {
          return drop(node, 'selectors may only style elements inside the profile');
        }
        rule.selectors = scoped;
      }
      rule.each((child) => visit(child, insideKeyframes));
    } else if (node.type === 'decl') {
      const problem = declarationProblem(node as Declaration);
      if (problem) drop(node, problem);
    }
  };
  root.each((node) => visit(node, false));
  return { css: root.toString().trim(), dropped };
}
