import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { choice } from '../../src/freedom/catalogue.js'
import { alternativeOfStatus, STATUSES, SUCCESS, type StatusTold } from '../../src/freedom/statuses.js'

/**
 * src/freedom/ is the one room of the free choices: the catalogue, and what each alternative
 * means where more than one reader applies it. The mock (src/api/), the contract suite's probes
 * and stateful oracle (src/contract/) and the conformance twin's draw (test/contract/twin/) all
 * read it, so it may import nothing of theirs: only the catalogue's sources (contracts/schemas,
 * the code generated from them, the format checks of src/contracts/) and the store's record types.
 */
const root = path.resolve(import.meta.dirname, '../..')
const ROOM = path.join(root, 'src/freedom')
const BELOW = ['src/freedom', 'src/generated', 'src/contracts', 'src/store', 'contracts/schemas']

/** Each module of a folder with the files its imports name, as paths from the repository's root. */
function importsOf(folder: string): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const name of fs.readdirSync(folder).filter((file) => file.endsWith('.ts'))) {
    const file = path.join(folder, name)
    const named = [...fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map(([, spec]) => path.relative(root, path.resolve(folder, spec!)))
    found.set(path.relative(root, file), named)
  }
  return found
}

/** The modules under src/ and test/contract/twin/ that import a module of the room. */
function readersOf(module: string): string[] {
  const readers: string[] = []
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.ts') && !full.startsWith(ROOM)) {
        const text = fs.readFileSync(full, 'utf8')
        for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
          if (path.relative(root, path.resolve(folder, spec!)).replace(/\.js$/, '.ts') === module) readers.push(path.relative(root, full))
        }
      }
    }
  }
  walk(path.join(root, 'src'))
  walk(path.join(root, 'test/contract/twin'))
  return readers
}

describe('the room of the free choices, src/freedom/', () => {
  const modules = importsOf(ROOM)

  it('holds the catalogue and the meanings of its alternatives', () => {
    expect([...modules.keys()]).toContain('src/freedom/catalogue.ts')
    expect(modules.size).toBeGreaterThan(5)
  })

  it.each([...modules])('%s imports nothing of its readers', (_module, named) => {
    const above = named.filter((file) => !BELOW.some((folder) => file.startsWith(`${folder}/`)))
    expect(above).toEqual([])
  })

  it('is read by the mock, by the contract suite and by the twin', () => {
    const readers = [...modules.keys()].flatMap(readersOf)
    expect(readers.some((file) => file.startsWith('src/api/'))).toBe(true)
    expect(readers.some((file) => file.startsWith('src/contract/stateful/'))).toBe(true)
    expect(readers.some((file) => /^src\/contract\/choices-probe/.test(file))).toBe(true)
    expect(readers.some((file) => file.startsWith('test/contract/twin/'))).toBe(true)
  })

  it('keeps no meaning that one reader alone applies: past the catalogue, each module is read by two of the mock, the probes, the stateful oracle and the rest of the suite', () => {
    const catalogue = new Set(['src/freedom/catalogue.ts', 'src/freedom/catalogue-words.ts', 'src/freedom/list-choices.ts'])
    // A module the room's own modules import is read wherever they are.
    const readersWithin = (module: string): string[] => [
      ...readersOf(module),
      ...[...modules].filter(([, named]) => named.includes(module.replace(/\.ts$/, '.js'))).flatMap(([other]) => readersWithin(other)),
    ]
    const readerOf = (file: string): string | undefined =>
      file.startsWith('src/api/') ? 'mock' : file.startsWith('src/contract/choices-probe') ? 'probes' : file.startsWith('src/contract/stateful/') ? 'oracle' : file.startsWith('src/contract/') ? 'suite' : undefined
    const lonely = [...modules.keys()]
      .filter((module) => !catalogue.has(module))
      .map((module) => ({ module, readers: [...new Set(readersWithin(module).flatMap((file) => readerOf(file) ?? []))].sort() }))
      .filter(({ readers }) => readers.length < 2)
    expect(lonely).toEqual([])
  })
})

describe('the statuses of the classes the status alone tells apart (src/freedom/statuses.ts)', () => {
  it.each(Object.entries(STATUSES))('%s: each alternative is read back from its own status, and from no other alternative’s', (id, statuses) => {
    const told = id as StatusTold
    expect(Object.keys(statuses).sort()).toEqual([...(choice(told).alternatives as readonly string[])].sort())
    for (const [alternative, status] of Object.entries(statuses as Record<string, number | typeof SUCCESS>)) {
      const sent = status === SUCCESS ? [200, 201, 204] : [status]
      for (const one of sent) expect(alternativeOfStatus(told, one)).toBe(alternative)
    }
  })

  it('shows no alternative for a status none answers', () => {
    expect(alternativeOfStatus('repeatedDelete', 500)).toBeUndefined()
    expect(alternativeOfStatus('siteNames', 400)).toBeUndefined()
  })
})
