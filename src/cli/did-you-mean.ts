/**
 * The candidate closest to a mistyped word, when it is close enough to be what was meant: at
 * most one edit per three characters (a swap of two neighbours counts as one, so --prot finds
 * --port), and at least one.
 */
export function closestMatch(word: string, candidates: readonly string[]): string | undefined {
  const allowed = Math.max(1, Math.floor(word.length / 3))
  let best: { candidate: string; distance: number } | undefined
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate)
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { candidate, distance }
  }
  return best?.candidate
}

/** " (did you mean X?)" for the closest candidate, or nothing. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const match = closestMatch(word, candidates)
  return match === undefined ? '' : ` (did you mean ${match}?)`
}

/** Insertions, deletions, substitutions and swaps of neighbours (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let distance = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = distance
    }
  }
  return rows[a.length]![b.length]!
}
