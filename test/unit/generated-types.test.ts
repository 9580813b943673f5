import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ESM script without type declarations
import { generateRegistry, generateTypes } from '../../scripts/gen-types.mjs'
// @ts-expect-error: a plain ESM script without type declarations
import { generateValidators } from '../../scripts/gen-validators.mjs'

describe('generated contracts code', () => {
  it('src/contracts/types.ts matches contracts/schemas (run npm run gen:types)', async () => {
    expect(fs.readFileSync('src/contracts/types.ts', 'utf8')).toBe(await (generateTypes as () => Promise<string>)())
  })

  it('src/contracts/schemas.ts registers every schema file (run npm run gen:types)', () => {
    expect(fs.readFileSync('src/contracts/schemas.ts', 'utf8')).toBe((generateRegistry as () => string)())
  })

  it('src/contracts/validators/ holds the validators of contracts/schemas, compiled ahead of time (run npm run gen:types)', () => {
    const sets = (generateValidators as () => { file: string; text: string }[])()
    expect(sets.length).toBeGreaterThan(1)
    for (const { file, text } of sets) expect(fs.readFileSync(file, 'utf8'), file).toBe(text)
  })

  it('contracts/published-openapi.json is the published document of the spec', () => {
    const shared = '../shared/spec/published-openapi.json'
    if (!fs.existsSync(shared)) return expect(fs.existsSync('contracts/published-openapi.json')).toBe(true)
    expect(JSON.parse(fs.readFileSync('contracts/published-openapi.json', 'utf8'))).toEqual(JSON.parse(fs.readFileSync(shared, 'utf8')))
  })
})
