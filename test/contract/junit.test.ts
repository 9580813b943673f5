import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { render } from '../../src/contract/reporters/index.js'
import type { ContractReport } from '../../src/contract/types.js'
import { startNonconforming, type Nonconforming } from './nonconforming-server.js'
import { runAgainst } from './support.js'
import { ensureXmllint } from './installers.js'

const SCHEMA = path.resolve('test/contract/junit-schema.xsd')
const OUT = path.resolve('test-artifacts/junit')

/** xmllint's verdict on a file against the JUnit schema CI servers use. */
function validate(name: string, xml: string): { ok: boolean; output: string } {
  fs.mkdirSync(OUT, { recursive: true })
  const file = path.join(OUT, name)
  fs.writeFileSync(file, xml)
  const result = spawnSync('xmllint', ['--noout', '--schema', SCHEMA, file], { encoding: 'utf8' })
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` }
}

const attribute = (tag: string, name: string): number => Number(new RegExp(`\\b${name}="([^"]*)"`).exec(tag)![1])

describe('the JUnit report', () => {
  let server: Nonconforming
  let report: ContractReport
  let xml: string

  beforeAll(async () => {
    ensureXmllint()
    server = await startNonconforming(['wrong-field-type', 'html-not-found', 'delete-does-not-delete'])
    report = await runAgainst(server.url, server.mock, { only: ['schema', 'auth', 'lifecycle'], otherApiKey: undefined, concurrency: 4 })
    xml = render(report, 'junit')
  }, 300_000)
  afterAll(() => server.close())

  it("is valid against the structure of Jenkins' xunit junit-10.xsd, with failures, skips and what cleanup left behind", () => {
    expect(report.cleanup.leftBehind.length).toBeGreaterThan(0)
    const { ok, output } = validate('contract.xml', xml)
    expect(output).toContain('validates')
    expect(ok).toBe(true)
    expect(xml).toMatch(/<testcase classname="sitemock\.contract\.cleanup" name="everything the run created is deleted \[cleanup\]" time="[\d.]+">\n\s+<failure message="\d+ created resource\(s\) could not be deleted" type="cleanup">/)
    expect(xml).toContain('type="bug"')
  })

  it('the schema refuses what CI servers refuse: skipped on testsuites, output directly under testsuites', () => {
    const skipped = validate('skipped-attribute.xml', xml.replace(/<testsuites ([^>]*)>/, '<testsuites $1 skipped="1">'))
    expect(skipped.ok).toBe(false)
    expect(skipped.output).toContain("attribute 'skipped' is not allowed")
    const output = validate('system-out.xml', xml.replace('</testsuites>', '  <system-out>cleanup</system-out>\n</testsuites>'))
    expect(output.ok).toBe(false)
    expect(output.output).toContain('system-out')
  })

  it('has consistent totals with checks side by side: counts add up, and the run lasts at least as long as any suite', () => {
    const top = /<testsuites [^>]*>/.exec(xml)![0]
    const suites = [...xml.matchAll(/<testsuite [^>]*>/g)].map((match) => match[0])
    expect(attribute(top, 'tests')).toBe(suites.reduce((sum, tag) => sum + attribute(tag, 'tests'), 0))
    expect(attribute(top, 'failures')).toBe(suites.reduce((sum, tag) => sum + attribute(tag, 'failures'), 0))
    expect(attribute(top, 'tests')).toBe(xml.match(/<testcase /g)!.length)
    for (const tag of suites) expect(attribute(top, 'time')).toBeGreaterThanOrEqual(attribute(tag, 'time'))
    // Side by side, the checks of a group take longer in sum than the group does on the clock.
    const lifecycle = report.checks.filter((check) => check.group === 'lifecycle')
    const lifecycleSuite = suites.find((tag) => tag.includes('name="lifecycle"'))!
    expect(lifecycle.reduce((sum, check) => sum + check.durationMs, 0) / 1000).toBeGreaterThan(attribute(lifecycleSuite, 'time'))
  })
})
