// Keyset pagination as the SQL would do it:
//   SELECT … WHERE (key, id) > ($key, $id) ORDER BY key COLLATE "cs-CZ-x-icu", id LIMIT $n + 1
// The database collation is ICU Czech (cs-CZ): accents and case are secondary and tertiary
// differences, and "ch" is a letter of its own that sorts after "h" ("/chata" comes after
// "/hrad"). ICU collations in PostgreSQL are deterministic, so strings the collator calls
// equal are then ordered by their code points; ids break any remaining tie.
// NULLs follow PostgreSQL's default: they are the largest value (last ascending, first
// descending).

const czech = new Intl.Collator('cs-CZ');

function codePointCompare(a, b) {
  const x = [...a], y = [...b];
  for (let k = 0; k < Math.min(x.length, y.length); k++) {
    const d = x[k].codePointAt(0) - y[k].codePointAt(0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

export function compareText(a, b) {
  return czech.compare(a, b) || codePointCompare(a, b);
}

export function compareValues(a, b) {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number') return a === b ? 0 : a < b ? -1 : 1;
  return compareText(a, b);
}

// A row's position is [sortValue, id]; ids compare by their text (UUID byte order).
export function comparePositions(p, q) {
  return compareValues(p[0], q[0]) || (p[1] === q[1] ? 0 : p[1] < q[1] ? -1 : 1);
}

// rows: [{ position: [value, id], item }]; cursor: a position or null.
// Returns { data, hasMore } for the requested direction and limit (limit + 1 rows read).
export function keysetPage(rows, { direction = 'asc', cursor = null, limit }) {
  const sign = direction === 'desc' ? -1 : 1;
  const ordered = rows
    .filter((r) => cursor === null || sign * comparePositions(r.position, cursor) > 0)
    .sort((r, s) => sign * comparePositions(r.position, s.position));
  const window = ordered.slice(0, limit + 1);
  return { data: window.slice(0, limit).map((r) => r.item), hasMore: window.length > limit };
}
