import type { RuleId } from '../contract/rules.js'
import type { CheckResult, ContractReport, Failure } from '../contract/types.js'

/** What the proxy holds the deployment to, as checks of a contract report: one per rule. */
const PROXY_CHECKS: Record<ProxyRule, Pick<CheckResult, 'id' | 'group' | 'name'>> = {
  'answer-shape': { id: 'schema.proxy.answers', group: 'schema', name: 'every answer the deployment gave has a documented status, the code of its status and the documented shape' },
  'pagination-walk': { id: 'pagination.proxy.walks', group: 'pagination', name: 'every walk a client made through a list saw each item once, no item skipped, pages within their limit' },
  'same-as-the-mock': { id: 'stateful.proxy.shadow', group: 'stateful', name: 'every answer is the one the shadow gave, within what the contract leaves free' },
}

export type ProxyRule = Extract<RuleId, 'answer-shape' | 'pagination-walk' | 'same-as-the-mock'>

export interface Finding {
  rule: ProxyRule
  /** The first exchange that showed it. */
  failure: Failure
  /** How many exchanges showed it. */
  seen: number
}

/**
 * The findings so far. One broken promise is one finding, however many exchanges show it (a
 * deployment that answers every create 200 breaks one rule, once): the first exchange is kept,
 * the others counted.
 */
export class Findings {
  private readonly byKey = new Map<string, Finding>()
  readonly startedAt = new Date()

  /** Records a finding; true when it is new, false when an earlier exchange showed it already. */
  add(rule: ProxyRule, failure: Failure, template: string | undefined): boolean {
    const key = `${rule} ${failure.request?.method ?? ''} ${template ?? failure.request?.path ?? ''} ${failure.message}`
    const known = this.byKey.get(key)
    if (known) {
      known.seen++
      return false
    }
    this.byKey.set(key, { rule, failure, seen: 1 })
    return true
  }

  list(): Finding[] {
    return [...this.byKey.values()]
  }

  /** The findings as a contract report, for the contract suite's reporters; the shadow's check only when it ran. */
  report(baseUrl: string, shadow: boolean): ContractReport {
    const rules: ProxyRule[] = shadow ? ['answer-shape', 'pagination-walk', 'same-as-the-mock'] : ['answer-shape', 'pagination-walk']
    const checks = rules.map((rule): CheckResult => {
      const failures = this.list()
        .filter((finding) => finding.rule === rule)
        .map((finding) => (finding.seen === 1 ? finding.failure : { ...finding.failure, message: `${finding.failure.message} (seen ${finding.seen} times)` }))
      return { ...PROXY_CHECKS[rule], rule, status: failures.length ? 'failed' : 'passed', offsetMs: 0, durationMs: Date.now() - this.startedAt.getTime(), failures }
    })
    return {
      source: 'proxy',
      runId: `proxy-${this.startedAt.getTime()}`,
      tag: 'proxy',
      baseUrl,
      profile: 'documents',
      readOnly: false,
      startedAt: this.startedAt.toISOString(),
      durationMs: Date.now() - this.startedAt.getTime(),
      interrupted: false,
      checks,
      notices: [],
      cleanup: { deleted: [], leftBehind: [] },
    }
  }
}
