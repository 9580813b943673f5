import { redactKeys } from '../../journal/cap-body.js'
import { maskUrl } from '../../journal/mask-keys.js'
import type { ContractReport, Failure } from '../types.js'

// A report is kept as a CI artifact and pasted into tickets: the keys a target answered with (a
// site's publicApiKey in a body) or that a URL carried are shown as their hints. A stateful
// divergence's recorded sequence is left as it is: it holds the oracle's own made-up keys, which
// --replay needs whole, never the target's.

const redactedJson = <T>(value: T): T => (value === undefined ? value : (JSON.parse(redactKeys(JSON.stringify(value))) as T))

function maskedFailure(failure: Failure): Failure {
  return {
    ...failure,
    message: redactKeys(failure.message),
    ...(failure.request ? { request: { ...failure.request, path: maskUrl(failure.request.path), ...(failure.request.body === undefined ? {} : { body: redactedJson(failure.request.body) }) } } : {}),
    ...(failure.response ? { response: redactedJson(failure.response) } : {}),
  }
}

/** The report as every reporter writes it: keys in request paths, bodies and messages shown as their hints. */
export function maskedReport(report: ContractReport): ContractReport {
  return { ...report, baseUrl: maskUrl(report.baseUrl), checks: report.checks.map((check) => ({ ...check, failures: check.failures.map(maskedFailure) })) }
}
