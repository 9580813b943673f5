// MySQL 8.4 collations, emulated with ICU's root collator.
// utf8mb4_0900_ai_ci: accent- and case-insensitive, NO PAD (trailing spaces count), ß = ss.
// utf8mb4_bin: code point order, exact.
const ai = new Intl.Collator('und', { sensitivity: 'base', usage: 'sort' });

export const aiCmp = (a, b) => ai.compare(a, b);
export const aiEq = (a, b) => typeof a === 'string' && typeof b === 'string' && ai.compare(a, b) === 0;
export const binEq = (a, b) => a === b;
export function binCmp(a, b) {
  const x = [...a], y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
}
// char(36) uuid columns under ai_ci: hex digits compare case-insensitively.
export const idEq = (a, b) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

// `LIKE 'prefix%'` under ai_ci: MySQL compares LIKE patterns character by character.
export function likePrefix(value, prefix) {
  const v = [...value], p = [...prefix];
  if (p.length > v.length) return false;
  for (let i = 0; i < p.length; i++) if (ai.compare(v[i], p[i]) !== 0) return false;
  return true;
}
