import path from 'node:path'
import { DOCUMENTS, proseOf } from './docs-blocks.js'

/**
 * The relative links of README.md and docs/*.md, and what they must reach: a file the package
 * ships (after an install, the docs are read in node_modules/sitemock/, where nothing else of
 * the repository is) and, after a `#`, a heading of that file.
 */

export interface Link {
  doc: string
  line: number
  /** As written: `docs/serving.md#readiness`, `#install`, `../README.md`. */
  target: string
}

/** A heading's anchor as GitHub and npm make it: lower case, punctuation and code marks dropped, spaces as hyphens. */
export function slug(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
  return text.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-')
}

/** The anchors of a document's headings; a heading met again gets `-1`, `-2`, ... as GitHub numbers it. */
export function anchorsOf(doc: string): Set<string> {
  const anchors = new Set<string>()
  for (const { text } of proseOf(doc)) {
    const heading = text.match(/^#{1,6} (.+)$/)?.[1]
    if (heading === undefined) continue
    const base = slug(heading.trim())
    let anchor = base
    for (let count = 1; anchors.has(anchor); count++) anchor = `${base}-${count}`
    anchors.add(anchor)
  }
  return anchors
}

/** Links to other sites (`https:`, `mailto:`) are not the package's to check. */
const EXTERNAL = /^[a-z][a-z+.-]*:/i

export function linksOf(doc: string): Link[] {
  return proseOf(doc).flatMap(({ line, text }) => {
    // What stands in backticks is shown, not linked: `[--port N]` is a synopsis.
    const prose = text.replace(/`[^`]*`/g, '')
    return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => ({ doc, line, target: match[1]! })).filter((link) => !EXTERNAL.test(link.target))
  })
}

export const LINKS: Link[] = DOCUMENTS.flatMap(linksOf)

/** What is wrong with a link, or undefined when it reaches a shipped file (and heading). */
export function problemOf(link: Link, shipped: ReadonlySet<string>): string | undefined {
  const [file = '', anchor] = link.target.split('#', 2)
  const target = file === '' ? link.doc : path.posix.normalize(path.posix.join(path.posix.dirname(link.doc), file))
  const where = `${link.doc}:${link.line} (${link.target})`
  if (target.endsWith('/')) {
    return [...shipped].some((shippedFile) => shippedFile.startsWith(target)) ? undefined : `${where}: the package ships nothing under ${target}`
  }
  if (!shipped.has(target)) return `${where}: ${target} is not in the package`
  if (anchor === undefined) return undefined
  if (!target.endsWith('.md')) return `${where}: #${anchor} in ${target}, which has no headings`
  return anchorsOf(target).has(anchor) ? undefined : `${where}: ${target} has no heading whose anchor is #${anchor}`
}
