import type { CheckResult, CheckStatus, ContractReport, DocumentName, Failure } from './types.js'

/**
 * Neither document allows a 5xx: the service rules answer every operation with a documented
 * status, and the published OpenAPI declares no 5xx anywhere. So a failure whose answer is a 5xx
 * breaks both, whatever part of which check met it (one of the service rules alone, a choice of
 * sitemock's): the check assigned the documents of what it expected, not of what came.
 */
export const SERVER_ERROR_DOCUMENTS: readonly DocumentName[] = ['specification', 'published OpenAPI']

export const isServerError = (failure: Failure): boolean => (failure.response?.status ?? 0) >= 500

/** The failure with the documents a 5xx breaks. */
export function settledFailure(failure: Failure): Failure {
  return isServerError(failure) ? { ...failure, documents: [...SERVER_ERROR_DOCUMENTS] } : failure
}

/** A check that met a 5xx fails, also when its failures were otherwise differences from sitemock's choices only. */
export function settledStatus(result: CheckResult): CheckStatus {
  return result.status === 'differs' && result.failures.some(isServerError) ? 'failed' : result.status
}

export function settledResult(result: CheckResult): CheckResult {
  if (!result.failures.some(isServerError)) return result
  return { ...result, status: settledStatus(result), failures: result.failures.map(settledFailure) }
}

/** The report with every 5xx a server error that breaks both documents; the same report when it met none. */
export function settledReport(report: ContractReport): ContractReport {
  return report.checks.some((check) => check.failures.some(isServerError)) ? { ...report, checks: report.checks.map(settledResult) } : report
}
