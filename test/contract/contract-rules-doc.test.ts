import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DOC, generatedBlocks, rewritten } from './contract-rules-doc.js'

describe('docs/contract-rules.md', () => {
  it('shows the sources of every rule, validation case and stateful input class as the tables have them (run npm run gen:contract-rules)', () => {
    const text = fs.readFileSync(DOC, 'utf8')
    const { text: expected, missing } = rewritten(text)
    expect(missing).toEqual([])
    expect(text).toBe(expected)
  })

  it("rewrites a stale block and leaves the rest of the document alone", () => {
    const stale = '# Doc\n\nprose\n\n<!-- sources: rule keys-401 -->\nSources: none\n<!-- end of sources -->\n\nafter\n'
    const { text, missing } = rewritten(stale)
    expect(text).toBe(`# Doc\n\nprose\n\n<!-- sources: rule keys-401 -->\n${generatedBlocks().get('rule keys-401')!}\n<!-- end of sources -->\n\nafter\n`)
    expect(text).toContain('- specification, Authentication › keys ([authentication.keys](#authenticationkeys))')
    expect(missing).toContain('rule answer-shape')
  })
})
