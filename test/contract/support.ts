import { expect } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import type { CheckResult, ContractOptions, ContractReport } from '../../src/contract/types.js'
import type { Mock } from '../../src/mock.js'

/** The suite's options for a mock at this address: its first workspace, a site key, the second workspace as the other tenant. */
export function optionsFor(url: string, mock: Mock, overrides: Partial<ContractOptions> = {}): ContractOptions {
  const { workspaces, sites } = mock.credentials()
  return {
    baseUrl: url,
    apiKey: workspaces[0]!.appApiKey,
    workspaceId: workspaces[0]!.id,
    siteApiKey: sites.find((site) => site.workspaceId === workspaces[0]!.id)!.siteApiKey,
    otherApiKey: workspaces[1]!.appApiKey,
    readOnly: false,
    profile: 'documents',
    concurrency: 1,
    maxRps: 0,
    // A few sequences of the stateful group; its own tests run it longer.
    stateful: { runs: 2 },
    ...overrides,
  }
}

/** What the suite needs of an implementation the tests start (test/contract/independent/, permissive/). */
export interface StartedImplementation {
  url: string
  appKey: string
  workspaceId: string
  otherWorkspaceKey: string
  /** A Site key of a site the implementation started with, where it gives one apart from the sites' publicApiKey. */
  siteApiKey?: string
}

/** The suite's options for an implementation the tests start: its workspace, and another workspace's key as the other tenant. */
export function implementationOptions(server: StartedImplementation, overrides: Partial<ContractOptions> = {}): ContractOptions {
  return {
    baseUrl: server.url,
    apiKey: server.appKey,
    workspaceId: server.workspaceId,
    otherApiKey: server.otherWorkspaceKey,
    ...(server.siteApiKey === undefined ? {} : { siteApiKey: server.siteApiKey }),
    readOnly: false,
    profile: 'documents',
    concurrency: 4,
    maxRps: 0,
    ...overrides,
  }
}

export function runAgainst(url: string, mock: Mock, overrides: Partial<ContractOptions> = {}): Promise<ContractReport> {
  return runContract(optionsFor(url, mock, overrides))
}

export const withStatus = (report: ContractReport, status: CheckResult['status']): CheckResult[] => report.checks.filter((check) => check.status === status)

/** The stateful group's failures, each by its first `lines` lines (the headline, then where it was seen). */
export const statefulHeadlines = (report: ContractReport, lines = 1): string[] => check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n').slice(0, lines).join('\n'))

/** A readable list of failures for assertion messages. */
export function describeFailures(report: ContractReport): string {
  return withStatus(report, 'failed')
    .map((check) => `${check.id}: ${check.failures.map((failure) => `${failure.message} ${failure.request ? `[${failure.request.method} ${failure.request.path} -> ${failure.response?.status}]` : ''}`).join(' | ')}`)
    .join('\n')
}

/**
 * What a run of every group but stateful on a conforming target reads: no check failed, at most 2
 * skipped, more than 100 passed, each difference sitemock's choice and said so, nothing left behind.
 */
export function expectConforming(report: ContractReport): void {
  expect(describeFailures(report)).toBe('')
  expect(withStatus(report, 'failed')).toEqual([])
  expect(withStatus(report, 'skipped').map((result) => `${result.id}: ${result.reason}`).length).toBeLessThanOrEqual(2)
  expect(withStatus(report, 'passed').length).toBeGreaterThan(100)
  for (const differing of withStatus(report, 'differs')) {
    for (const failure of differing.failures) expect(failure, differing.id).toMatchObject({ documents: ['sitemock behaviour'], leftOpen: expect.any(String) })
  }
  expect(report.cleanup.leftBehind).toEqual([])
}

export function check(report: ContractReport, id: string): CheckResult {
  const found = report.checks.find((result) => result.id === id)
  if (!found) throw new Error(`no check ${id} in the report; checks: ${report.checks.map((result) => result.id).join(', ')}`)
  return found
}
