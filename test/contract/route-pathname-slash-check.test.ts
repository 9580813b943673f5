import { afterEach, describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import type { ContractOptions, ContractReport } from '../../src/contract/types.js'
import { createMock } from '../../src/mock.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'
import type { Request } from './permissive/http.js'
import { startPermissive, type Choices, type Handle } from './permissive/index.js'
import { check, implementationOptions, runAgainst } from './support.js'

/**
 * validation.route.skip-validation against deployments that take a route pathname sent without
 * its leading slash (routePathnameSlash): one that writes it with the slash, even without
 * skipValidation (as outsider10 does), conforms; one that keeps it without the slash where route
 * validation is not skipped breaks "written with a leading slash".
 */

const CHECK = 'validation.route.skip-validation'
const ROUTE_WRITE = /^\/v2\/routes(\/[^/]+)?$/

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

/** A route write whose pathname lacks its leading slash and that does not skip validation, changed by `change`; others as they came. */
const slashlessPlainWrites =
  (change: (request: Request, body: Record<string, unknown>, pathname: string) => Request) =>
  (inner: Handle): Handle =>
  (request) => {
    if ((request.method !== 'PATCH' && request.method !== 'POST') || !ROUTE_WRITE.test(request.path) || request.body === undefined) return inner(request)
    if (new URLSearchParams(request.query).get('skipValidation') === 'true') return inner(request)
    const body = JSON.parse(request.body) as Record<string, unknown>
    const pathname = body.pathname
    return typeof pathname === 'string' && pathname !== '' && !pathname.startsWith('/') ? inner(change(request, body, pathname)) : inner(request)
  }

/** Written with its leading slash, as route validation normalises it. */
const slashAdded = slashlessPlainWrites((request, body, pathname) => ({ ...request, body: JSON.stringify({ ...body, pathname: `/${pathname}` }) }))
/** Taken as sent, without its slash, though route validation was not skipped. */
const keptWithoutSlash = slashlessPlainWrites((request) => ({ ...request, query: [request.query, 'skipValidation=true'].filter(Boolean).join('&') }))

async function permissiveRun(choices: Choices, wrap: (inner: Handle) => Handle, overrides: Partial<ContractOptions>): Promise<ContractReport> {
  const server = await startPermissive({ choices, wrap })
  close = () => server.close()
  return runContract(implementationOptions(server, { only: ['validation'], ...overrides }))
}

const leftOpen = (report: ContractReport): string[] => check(report, CHECK).failures.map((failure) => failure.leftOpen ?? '')
const messages = (report: ContractReport): string[] => check(report, CHECK).failures.map((failure) => failure.message)

describe('a deployment that writes a route pathname sent without its slash with one, with or without skipValidation', () => {
  it('passes once the probes learned routePathnameSlash "added-always"', async () => {
    const report = await permissiveRun({ routePathnameSlash: 'added' }, slashAdded, { learnChoices: true })
    expect(check(report, CHECK).status, messages(report).join(' | ')).toBe('passed')
    expect(report.notices).toContainEqual(expect.stringContaining(`${CHECK}: held to the target's recorded choice routePathnameSlash="added-always"`))
  }, 120_000)

  it('differs from sitemock where nothing was learned, naming routePathnameSlash', async () => {
    const report = await permissiveRun({ routePathnameSlash: 'added' }, slashAdded, { learnChoices: false })
    expect(check(report, CHECK).status, messages(report).join(' | ')).toBe('differs')
    expect(leftOpen(report)).toEqual([expect.stringContaining('routePathnameSlash="accepted"'), expect.stringContaining('routePathnameSlash="accepted"')])
  }, 120_000)

  it('contradicting the choice it was given is inconsistent, not a break', async () => {
    const report = await permissiveRun({ routePathnameSlash: 'added' }, slashAdded, { choices: { routePathnameSlash: 'refused' } })
    const inconsistent = check(report, CHECK).failures.filter((failure) => failure.kind === 'inconsistent')
    expect(inconsistent.map((failure) => failure.message)).toEqual([expect.stringMatching(/^expected routePathnameSlash "refused", the target's own choice, got "added-always"/)])
    expect(check(report, CHECK).status).toBe('differs')
  }, 120_000)
})

it('a deployment that keeps a route pathname without its slash where validation is not skipped fails', async () => {
  const report = await permissiveRun({ routePathnameSlash: 'accepted' }, keptWithoutSlash, { learnChoices: true })
  expect(check(report, CHECK).status).toBe('failed')
  expect(messages(report)).toContainEqual(expect.stringMatching(/^expected pathname "\/contract-[^"]+-no-leading-slash", got "contract-[^"]+-no-leading-slash"/))
}, 120_000)

describe('the mock following routePathnameSlash "added" (the slash added under skipValidation=true only)', () => {
  let running: RunningServer | undefined
  afterEach(async () => {
    await running?.close()
    running = undefined
  })

  it.each([
    [{ profile: 'sitemock', learnChoices: false }, 'failed'],
    [{ learnChoices: true }, 'passed'],
  ] as const)('%j: %s', async (options, status) => {
    const mock = createMock({ rateLimit: false, choices: { routePathnameSlash: 'added' } })
    running = await listen(mock, { port: 0, host: '127.0.0.1' })
    const report = await runAgainst(running.url, mock, { only: ['validation'], ...options })
    expect(check(report, CHECK).status, messages(report).join(' | ')).toBe(status)
    if (status === 'failed') expect(leftOpen(report)).toEqual([expect.stringContaining('routePathnameSlash="accepted"')])
  }, 120_000)
})
