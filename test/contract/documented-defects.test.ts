import { describe, expect, it } from 'vitest'
import { allChecks } from '../../src/contract/checks/index.js'
import { documentedChecks } from '../../src/contract/checks/documented-checks.js'
import { cite } from '../../src/contract/checks/documented.js'
import { runContract } from '../../src/contract/runner.js'
import type { ContractOptions, ContractReport } from '../../src/contract/types.js'
import { DOCUMENTED_CASES } from './documented-cases.js'
import { defectHost } from './implementation-host.js'
import { startIndependent } from './independent/index.js'
import { defectiveHandle, startNonconforming, type Defect } from './nonconforming-server.js'
import { startPermissive } from './permissive/index.js'
import { describeFailures, implementationOptions, optionsFor } from './support.js'

/**
 * The checks of a statement each (documented-*.ts) against defects that break one statement while
 * every answer stays schema-valid (documented-cases.ts): each defect, injected into the mock and
 * into both implementations, fails the check that rests on the statement, and the failure quotes
 * it; with no defect, none of these checks fails or is skipped anywhere.
 */

/** Options that run these checks alone (or the one given): their groups, every other check of them skipped. */
function onlyThese(ids: readonly string[]): Pick<ContractOptions, 'only' | 'skip'> {
  const chosen = new Set(ids)
  const groups = [...new Set(allChecks('documents').filter((check) => chosen.has(check.id)).map((check) => check.group))]
  const others = allChecks('documents').filter((check) => groups.includes(check.group) && !chosen.has(check.id))
  return { only: groups, skip: others.map((check) => ({ id: check.id, reason: 'not a check of a documented statement' })) }
}

const ALL = documentedChecks.map((check) => check.id)
type Target = 'mock' | 'strict' | 'permissive'
const TARGETS: readonly Target[] = ['mock', 'strict', 'permissive']
const IMPLEMENTATIONS = { strict: startIndependent, permissive: startPermissive } as const

/** Runs the checks against a target with the defects injected, and closes it. */
async function runOn(target: Target, defects: Defect[], ids: readonly string[]): Promise<ContractReport> {
  const scope = onlyThese(ids)
  if (target === 'mock') {
    const server = await startNonconforming(defects)
    try {
      return await runContract(optionsFor(server.url, server.mock, scope))
    } finally {
      await server.close()
    }
  }
  const server = await IMPLEMENTATIONS[target]({ wrap: (inner, workspaces) => defectiveHandle(defectHost(inner, workspaces), defects) })
  try {
    return await runContract(implementationOptions(server, scope))
  } finally {
    await server.close()
  }
}

describe('the checks of documented statements', () => {
  it.concurrent.each(TARGETS)('pass on the %s with no defect, every one run or skipped with its reason', async (target) => {
    const report = await runOn(target, [], ALL)
    expect(describeFailures(report)).toBe('')
    const ours = report.checks.filter((check) => ALL.includes(check.id))
    expect(ours.map((check) => check.id).sort()).toEqual([...ALL].sort())
    const skipped = ours.filter((check) => check.status === 'skipped')
    for (const check of skipped) expect(check.reason, check.id).toMatch(/\w/)
    expect(skipped.map((check) => `${check.id}: ${check.reason}`)).toEqual([])
  }, 120_000)

  const runs = DOCUMENTED_CASES.flatMap((entry) => TARGETS.map((target) => ({ ...entry, target })))
  it.concurrent.each(runs)('catch $defect in the $target through $caughtBy', async ({ defect, caughtBy, statement, target }) => {
    const report = await runOn(target, [defect], [caughtBy])
    const result = report.checks.find((check) => check.id === caughtBy)
    const messages = result?.failures.map((failure) => failure.message).join(' | ') ?? 'no such check'
    expect(result?.status, `${caughtBy}: ${messages}${result?.reason ? ` (${result.reason})` : ''}`).toBe('failed')
    if (statement) expect(messages).toContain(cite(statement))
  }, 120_000)
})
