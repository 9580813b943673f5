import { contractsValidator, violations } from '../../src/contracts/response-check.js'

/** Throws when a control-plane body breaks its schema in contracts/ (e.g. control-requests.json). */
export function checkControlBody(file: string, body: unknown): void {
  const problems = violations('contracts', contractsValidator({ resource: file }, 200)!, body)
  if (problems.length) throw new Error(`${file}: ${JSON.stringify(problems)}\nbody: ${JSON.stringify(body)}`)
}

const SCHEMAS: Array<[RegExp, string]> = [
  [/^\/__mock\/requests/, 'control-requests.json'],
  [/^\/__mock\/faults/, 'control-faults.json'],
  [/^\/__mock\/overrides/, 'control-overrides.json'],
  [/^\/__mock\/summary/, 'control-summary.json'],
  [/^\/__mock\/data\/sites/, 'control-data-list.json'],
  [/^\/__mock\/data\/records/, 'control-data-record.json'],
]

/** A control-plane call; a 200 body is checked against its schema in contracts/. */
export async function control<T>(baseUrl: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const init: RequestInit = { method }
  if (body !== undefined) init.headers = { 'content-type': 'application/json' }
  if (body !== undefined) init.body = JSON.stringify(body)
  const response = await fetch(baseUrl + path, init)
  const parsed = (await response.json()) as T
  const schema = SCHEMAS.find(([pattern]) => pattern.test(path))?.[1]
  if (response.status === 200 && schema) checkControlBody(schema, parsed)
  return { status: response.status, body: parsed }
}
