import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { schemaCheck } from '../../src/api/validate.js'
import { choice, choiceCatalogue, choiceIds, documentsChoices, resolveChoices, sitemockChoices } from '../../src/contracts/choices.js'
import { anchorsOf } from '../package/docs-links.js'

const root = path.resolve(import.meta.dirname, '../..')
const choicesValid = schemaCheck('choices.json', '/$defs/choices')

describe('the catalogue of free choices (contracts/schemas/choices.json)', () => {
  it('names each choice once, with a description, sitemock’s default among its alternatives and the documents’ value among them too', () => {
    expect(new Set(choiceIds).size).toBe(choiceIds.length)
    expect(choiceIds.length).toBeGreaterThanOrEqual(30)
    for (const c of choiceCatalogue) {
      expect(c.description.length, c.id).toBeGreaterThan(20)
      if (Array.isArray(c.alternatives)) {
        expect(c.alternatives, c.id).toContain(c.sitemock)
        if ('documents' in c) expect(c.alternatives, c.id).toContain(c.documents)
      } else {
        expect(typeof c.sitemock, c.id).toBe('number')
      }
    }
  })

  it('gives a documents-only value to exactly the validation choices, and it is not sitemock’s', () => {
    for (const c of choiceCatalogue) {
      expect('documents' in c, c.id).toBe(c.kind === 'validation')
      if ('documents' in c) expect(c.documents, c.id).not.toBe(c.sitemock)
    }
  })

  it('points each choice at a section of the docs that exists', () => {
    for (const c of choiceCatalogue) {
      const [file, anchor] = c.behaviour.split('#') as [string, string]
      expect(fs.existsSync(path.join(root, 'docs', file)), c.behaviour).toBe(true)
      expect(anchorsOf(`docs/${file}`), c.behaviour).toContain(anchor)
    }
  })

  it('validates its own value sets, and refuses an unknown id or value', () => {
    expect(choicesValid(sitemockChoices)).toBe(true)
    expect(choicesValid(documentsChoices)).toBe(true)
    expect(choicesValid({ nameMaxLength: 100, nullsSort: 'first' })).toBe(true)
    expect(choicesValid({ nullsSort: 'middle' })).toBe(false)
    expect(choicesValid({ notAChoice: 'x' })).toBe(false)
  })

  it('resolves given choices over sitemock’s', () => {
    const resolved = resolveChoices({ limitZero: 'accepted' })
    expect(resolved.limitZero).toBe('accepted')
    expect(resolved.nullsSort).toBe(choice('nullsSort').sitemock)
    expect(documentsChoices.nameMaxLength).toBeNull()
    expect(documentsChoices.nullsSort).toBe('last')
  })
})
