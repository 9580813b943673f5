import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { choiceCatalogue } from '../../src/contracts/choice-catalogue.js'

/**
 * The catalogue and its page do not drift apart: every class of contracts/schemas/choices.json
 * stands in docs/choices.md with the words of the documents that leave it free, as `x-words`
 * gives them, and those words name where they are (the specification or the published OpenAPI).
 */

const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/choices.md'), 'utf8')
const wordsSection = doc.slice(doc.indexOf('### Where the documents leave each choice free'))
const rowOf = (id: string): string | undefined => wordsSection.split('\n').find((line) => line.startsWith(`| \`${id}\` |`))

describe('the words that leave each class free', () => {
  it('are given for every class, and name the document and section they come from', () => {
    for (const c of choiceCatalogue) {
      expect(c.words, c.id).toMatch(/^(the specification|published OpenAPI) › /)
      expect(c.words.length, c.id).toBeGreaterThan(30)
    }
  })

  it('stand in docs/choices.md for every class, as the catalogue words them', () => {
    const missing = choiceCatalogue.filter((c) => rowOf(c.id) !== `| \`${c.id}\` | ${c.words.replaceAll('|', '\\|')} |`).map((c) => c.id)
    expect(missing).toEqual([])
  })

  it('list no class the catalogue does not have', () => {
    const listed = [...wordsSection.matchAll(/^\| `([A-Za-z]+)` \|/gm)].map((match) => match[1])
    expect(listed).toEqual(choiceCatalogue.map((c) => c.id))
  })
})
