import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { allChecks } from '../../src/contract/checks/index.js'
import { RULES, ruleOf } from '../../src/contract/rules.js'
import { PROFILES } from '../../src/contract/types.js'

const DOC = fs.readFileSync('docs/contract-rules.md', 'utf8')
const headings = [...DOC.matchAll(/^## ([\w-]+)$/gm)].map((match) => match[1])

describe('the rules a report names', () => {
  it.each(PROFILES)('every check of the %s profile has a rule', (profile) => {
    const without = allChecks(profile).filter((check) => ruleOf(check.id) === undefined).map((check) => check.id)
    expect(without).toEqual([])
  })

  it('every rule is written out in docs/contract-rules.md, under a heading that is its id', () => {
    expect(headings.sort()).toEqual(Object.keys(RULES).sort())
  })

  it('what the suite prints points at what ships with the project, never at a document users do not have', () => {
    for (const profile of PROFILES) {
      for (const check of allChecks(profile)) expect(`${check.name} ${check.unpromised ?? ''} ${check.disagreement ?? ''}`, check.id).not.toMatch(/SPEC|\.\.\/shared/)
    }
    expect(DOC).not.toMatch(/SPEC|\.\.\/shared/)
    expect(fs.readFileSync('README.md', 'utf8')).toContain('docs/contract-rules.md')
  })
})
