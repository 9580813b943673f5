/**
 * A page of docs/ with generated blocks: each block rewritten between its begin marker (which
 * names it) and the end marker, the rest of the page as written. Returns the blocks the page has
 * no place for too.
 */
export function rewriteBlocks(text: string, blocks: ReadonlyMap<string, string>, begin: RegExp, end: string): { text: string; missing: string[] } {
  const seen = new Set<string>()
  const out: string[] = []
  let inside = false
  for (const line of text.split('\n')) {
    if (inside) {
      if (line !== end) continue
      inside = false
    }
    out.push(line)
    const name = begin.exec(line)?.[1]
    const block = name === undefined ? undefined : blocks.get(name)
    if (name === undefined || block === undefined) continue
    seen.add(name)
    out.push(block)
    inside = true
  }
  return { text: out.join('\n'), missing: [...blocks.keys()].filter((name) => !seen.has(name)) }
}
