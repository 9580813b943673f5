// Pathname rules. Pages normalise (leading slash added, trailing slashes removed);
// routes are validated strictly and never rewritten.
import { runeCount } from './util.mjs';

const BAD = /[\s?#\u0000-\u001f\u007f]|\/\//;
export const PATH_MAX = 512;

export function normalizePagePath(p) {
  if (!p.startsWith('/')) p = '/' + p;
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

// returns an error message or null
export function pathProblem(p) {
  if (runeCount(p) > PATH_MAX) return `must be at most ${PATH_MAX} characters`;
  if (BAD.test(p)) return 'must be a valid pathname (no whitespace, "?", "#" or empty segments)';
  return null;
}

export function routeProblem(p) {
  if (!p.startsWith('/')) return 'must start with "/"';
  if (p.length > 1 && p.endsWith('/')) return 'must not end with "/"';
  return pathProblem(p);
}
