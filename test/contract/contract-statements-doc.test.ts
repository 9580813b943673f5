import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { documentedChecks } from '../../src/contract/checks/documented-checks.js'
import { allChecks } from '../../src/contract/checks/index.js'
import { statefulChecks } from '../../src/contract/stateful/group.js'
import { PROFILES } from '../../src/contract/types.js'
import { DOCUMENTED_CASES } from './documented-cases.js'
import { EXAMPLE_DEFECTS } from './example-defects.js'
import type { Defect } from './nonconforming-server.js'
import { SEMANTIC_DEFECTS } from './semantic-defects.js'

const DOC = 'docs/contract-statements.md'

/** The defects of nonconforming-server.ts of its own (a type there): typed, so that a name it does not have fails the build. */
const NONCONFORMING: readonly Defect[] = [
  'wrong-field-type', 'missing-has-more', 'ok-instead-of-401', 'error-500-on-bad-input', 'pagination-repeats-an-item', 'delete-does-not-delete',
  'conflict-answered-as-201', 'html-not-found', 'old-version-answers', 'update-not-applied', 'bad-request-without-details', 'site-key-not-scoped',
]
const DEFECTS = new Set<string>([...NONCONFORMING, ...EXAMPLE_DEFECTS, ...SEMANTIC_DEFECTS])
const CHECKS = new Set([...PROFILES.flatMap((profile) => allChecks(profile)), ...statefulChecks({ notice: () => undefined, adopt: () => undefined })].map((check) => check.id))

interface Row {
  id: string
  statement: string
  checks: string[]
  defects: string[]
}

/** The statement rows of the table: `| S01 | statement | where | before | checks | defects |`, ids in backticks. */
function rowsOf(text: string): Row[] {
  const ids = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!)
  return text
    .split('\n')
    .filter((line) => /^\| S\d+ \|/.test(line))
    .map((line) => {
      const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim())
      return { id: cells[0]!, statement: `${cells[1]!} ${cells[2]!}`, checks: ids(cells[4] ?? ''), defects: ids(cells[5] ?? '') }
    })
}

/** Where a row fails: a statement without a check or a defect, or one that names what does not exist. */
function problemsOf(rows: Row[]): string[] {
  return rows.flatMap((row) => [
    ...(row.checks.length === 0 ? [`${row.id}: no check`] : []),
    ...(row.defects.length === 0 ? [`${row.id}: no injected defect`] : []),
    ...row.checks.filter((id) => !CHECKS.has(id)).map((id) => `${row.id}: no check ${id}`),
    ...row.defects.filter((id) => !DEFECTS.has(id)).map((id) => `${row.id}: no defect ${id}`),
  ])
}

describe(DOC, () => {
  const rows = rowsOf(fs.readFileSync(DOC, 'utf8'))

  it('gives every statement a check that exists and an injected defect that exists', () => {
    expect(rows.length).toBeGreaterThan(25)
    expect(problemsOf(rows)).toEqual([])
  })

  it('finds a statement without a check or a defect, and names that do not exist', () => {
    const broken = rowsOf(['| S90 | "x" | here | no | | `page-prefix-excludes-equal` |', '| S91 | "y" | here | no | `lifecycle.no-such-check` | `no-such-defect` |'].join('\n'))
    expect(problemsOf(broken)).toEqual(['S90: no check', 'S91: no check lifecycle.no-such-check', 'S91: no defect no-such-defect'])
  })

  it('lists each check of documented-*.ts with the words of every statement it rests on', () => {
    for (const check of documentedChecks) {
      const listing = rows.filter((row) => row.checks.includes(check.id))
      expect(listing.length, check.id).toBeGreaterThan(0)
      for (const { quote } of check.statements) {
        const words = quote.split(/ \.\.\. | \/ /)[0]!.replace(/`/g, '').slice(0, 40)
        expect(listing.some((row) => row.statement.replace(/`/g, '').includes(words)), `${check.id}: "${words}"`).toBe(true)
      }
    }
  })

  it('lists each defect of documented-cases.ts beside the check that catches it', () => {
    for (const { defect, caughtBy } of DOCUMENTED_CASES) expect(rows.some((row) => row.defects.includes(defect) && row.checks.includes(caughtBy)), defect).toBe(true)
  })
})
