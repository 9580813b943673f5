import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { choiceCatalogue } from '../../src/freedom/catalogue-words.js'
import { DOC, rewritten } from './catalogue-doc.js'

/**
 * The catalogue and its page do not drift apart: every class of contracts/schemas/choices.json
 * stands in docs/choices.md, its tables made from the catalogue (catalogue-doc.ts), with the words
 * of the documents that leave it free, and those words name where they are (the specification or
 * the published OpenAPI).
 */

const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/choices.md'), 'utf8')

describe('the words that leave each class free', () => {
  it('are given for every class, and name the document and section they come from', () => {
    for (const c of choiceCatalogue) {
      expect(c.words, c.id).toMatch(/^(the specification|published OpenAPI) › /)
      expect(c.words.length, c.id).toBeGreaterThan(30)
    }
  })

  it('stand in docs/choices.md as the catalogue gives them, with each class\'s kind, alternatives and values (npm run gen:types writes them)', () => {
    const { text, missing } = rewritten(doc)
    expect(missing).toEqual([])
    expect(text === doc, `${DOC} is stale: run npm run gen:types`).toBe(true)
  })
})
