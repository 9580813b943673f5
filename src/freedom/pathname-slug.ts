/**
 * A page pathname as a deployment that slugs it stores it (choice pagePathnameCharacters slugged),
 * as ActiveSupport's `parameterize` makes a segment: letters a decomposition does not reach are
 * transliterated by a small table, the rest decomposed (NFKD) and their combining marks removed,
 * lower-cased, every run of characters other than a-z, 0-9, `-` and `_` one `-`, runs of `-` one
 * `-`, leading and trailing `-` trimmed. Empty segments are dropped and `/` prepended.
 */

// Letters NFKD leaves whole: their usual Latin spelling.
const TRANSLITERATED: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
}
const UNDECOMPOSED = new RegExp(`[${Object.keys(TRANSLITERATED).join('')}]`, 'gu')

/** One segment's slug: empty where it has no letter or digit a slug keeps (`日本`, `!!!`). */
function slugSegment(segment: string): string {
  return segment
    .replace(UNDECOMPOSED, (letter) => TRANSLITERATED[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
}

/** The pathname a slugging deployment stores (`/x/[slug]` → `/x/slug`), or undefined where a segment slugs to nothing. */
export function sluggedPathname(pathname: string): string | undefined {
  const slugs = pathname
    .split('/')
    .filter((segment) => segment.trim() !== '')
    .map(slugSegment)
  return slugs.includes('') ? undefined : `/${slugs.join('/')}`
}
