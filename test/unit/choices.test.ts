import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { schemaCheck } from '../../src/api/document-check.js'
import { schemas } from '../../src/generated/schemas.js'
import { choiceCatalogue } from '../../src/freedom/catalogue-words.js'
import { choice, choiceIds, documentsChoices, resolveChoices, sitemockChoices } from '../../src/freedom/catalogue.js'
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

  it('marks keywords of contracts/ as choices only with catalogue ids, beside a keyword the schema (or the one it refers to) has', () => {
    const marks: Array<{ at: string; keyword: string; id: string; node: Record<string, unknown> }> = []
    const visit = (node: unknown, at: string): void => {
      if (node === null || typeof node !== 'object') return
      const record = node as Record<string, unknown>
      for (const [keyword, id] of Object.entries((record['x-choices'] ?? {}) as Record<string, string>)) marks.push({ at, keyword, id, node: record })
      for (const [key, child] of Object.entries(record)) if (key !== 'x-choices') visit(child, `${at}/${key}`)
    }
    for (const schema of schemas) visit(schema, schema.$id)
    expect(marks.length).toBeGreaterThan(20)
    const byFile = new Map(schemas.map((s) => [s.$id.split('/').pop()!, s as Record<string, unknown>]))
    const target = (node: Record<string, unknown>): Record<string, unknown> => {
      const ref = node.$ref
      if (typeof ref !== 'string') return node
      const [file, pointer = ''] = ref.split('#')
      let at: unknown = file ? byFile.get(file) : undefined
      for (const part of pointer.split('/').slice(1)) at = (at as Record<string, unknown>)[part]
      return (at ?? {}) as Record<string, unknown>
    }
    for (const { at, keyword, id, node } of marks) {
      expect(choiceIds, at).toContain(id)
      const holder = keyword in node ? node : target(node)
      const viaAnyOf = Array.isArray(node.anyOf) && (node.anyOf as Array<Record<string, unknown>>).some((branch) => keyword in target(branch))
      expect(keyword in holder || viaAnyOf, `${at}: ${keyword}`).toBe(true)
    }
  })
})
