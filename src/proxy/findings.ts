import type { RuleId } from '../contract/rules.js'
import type { CheckResult, ContractReport, Failure } from '../contract/types.js'

/** What the proxy holds the deployment to, as checks of a contract report: one per rule. */
const PROXY_CHECKS: Record<ProxyRule, Pick<CheckResult, 'id' | 'group' | 'name'>> = {
  'answer-shape': { id: 'schema.proxy.answers', group: 'schema', name: 'every answer the deployment gave has a documented status, the code of its status and the documented shape' },
  'pagination-walk': { id: 'pagination.proxy.walks', group: 'pagination', name: 'every walk a client made through a list saw each item once, no item skipped, pages within their limit' },
  'same-as-the-mock': { id: 'stateful.proxy.shadow', group: 'stateful', name: 'every answer is the one the shadow gave, within what the contract leaves free' },
}

/** A request the deployment never answered is no answer to judge, and a failure all the same: the caller got the proxy's 502 or 504. */
const UPSTREAM_CHECK: Pick<CheckResult, 'id' | 'group' | 'name' | 'rule'> = {
  id: 'schema.proxy.upstream',
  group: 'schema',
  name: 'every request the proxy forwarded got an answer from the deployment (no 502: unreachable or broken off; no 504: no answer in time)',
  rule: 'answer-shape',
}

/** Why a check judged nothing, in the report's words. */
const NOTHING_TO_JUDGE: Record<ProxyRule, string> = {
  'answer-shape': 'no answer of an API operation came back through the proxy',
  'pagination-walk': 'no page of a list came back through the proxy',
  'same-as-the-mock': 'no answer came back through the proxy that the shadow could answer too',
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
 * The findings so far, and how much was judged. One broken promise is one finding, however many
 * exchanges show it (a deployment that answers every create 200 breaks one rule, once; a frozen
 * updatedAt shows on every read of the page): the first exchange is kept, the others counted.
 * What makes two exchanges show the same promise is the `promise` key their judge gives; without
 * one, the rule, the operation and the message.
 */
export class Findings {
  private readonly byKey = new Map<string, Finding>()
  private readonly upstream = new Map<string, Finding>()
  private readonly judged: Record<ProxyRule, number> = { 'answer-shape': 0, 'pagination-walk': 0, 'same-as-the-mock': 0 }
  private forwarded = 0
  readonly startedAt = new Date()

  /** Records a finding; true when it is new, false when an earlier exchange showed it already. */
  add(rule: ProxyRule, failure: Failure, template: string | undefined, promise?: string): boolean {
    const key = promise === undefined ? `${rule} ${failure.request?.method ?? ''} ${template ?? failure.request?.path ?? ''} ${failure.message}` : `${rule} ${promise}`
    const known = this.byKey.get(key)
    if (known) {
      known.seen++
      return false
    }
    this.byKey.set(key, { rule, failure, seen: 1 })
    return true
  }

  /** An exchange was judged by the rule (with or without a finding). */
  judgedBy(rule: ProxyRule): void {
    this.judged[rule]++
  }

  /** A request was forwarded, answered or not. */
  sent(): void {
    this.forwarded++
  }

  /** The deployment did not answer a request: `cause` names the kind (unreachable, broke off, timed out), one finding each. */
  unanswered(cause: string, failure: Failure): void {
    const known = this.upstream.get(cause)
    if (known) known.seen++
    else this.upstream.set(cause, { rule: 'answer-shape', failure, seen: 1 })
  }

  list(): Finding[] {
    return [...this.upstream.values(), ...this.byKey.values()]
  }

  /**
   * The findings as a contract report, for the contract suite's reporters; the shadow's check
   * only when it ran. A check that judged no exchange is skipped, never passed: a proxy nothing
   * went through checked nothing (NOTHING CHECKED, exit 2), and requests the deployment never
   * answered fail the upstream check (exit 1).
   */
  report(baseUrl: string, shadow: boolean): ContractReport {
    const durationMs = Date.now() - this.startedAt.getTime()
    const seenTimes = (finding: Finding): Failure => (finding.seen === 1 ? finding.failure : { ...finding.failure, message: `${finding.failure.message} (seen ${finding.seen} times)` })
    const rules: ProxyRule[] = shadow ? ['answer-shape', 'pagination-walk', 'same-as-the-mock'] : ['answer-shape', 'pagination-walk']
    const unanswered = [...this.upstream.values()]
    const answered = this.forwarded - unanswered.reduce((sum, finding) => sum + finding.seen, 0)
    // Every request answered passes only beside an answer judged: answers to paths outside the API alone check nothing.
    const upstreamStatus = unanswered.length ? 'failed' : this.judged['answer-shape'] > 0 ? 'passed' : 'skipped'
    const upstream: CheckResult = {
      ...UPSTREAM_CHECK,
      status: upstreamStatus,
      ...(upstreamStatus === 'skipped' ? { reason: `${NOTHING_TO_JUDGE['answer-shape']} (${this.forwarded} request(s) forwarded)` } : {}),
      offsetMs: 0,
      durationMs,
      failures: unanswered.map(seenTimes),
    }
    const checks = rules.map((rule): CheckResult => {
      const failures = [...this.byKey.values()].filter((finding) => finding.rule === rule).map(seenTimes)
      const nothing = this.judged[rule] === 0 && failures.length === 0
      const reason = `${NOTHING_TO_JUDGE[rule]} (${this.forwarded} request(s) forwarded, ${answered} answered by the deployment)`
      return { ...PROXY_CHECKS[rule], rule, status: nothing ? 'skipped' : failures.length ? 'failed' : 'passed', ...(nothing ? { reason } : {}), offsetMs: 0, durationMs, failures }
    })
    return {
      source: 'proxy',
      runId: `proxy-${this.startedAt.getTime()}`,
      tag: 'proxy',
      baseUrl,
      profile: 'documents',
      readOnly: false,
      startedAt: this.startedAt.toISOString(),
      durationMs,
      interrupted: false,
      checks: [upstream, ...checks],
      notices: [`${this.forwarded} request(s) forwarded: ${answered} answered by the deployment, ${this.forwarded - answered} not (the caller got the proxy's 502 or 504)`],
      cleanup: { deleted: [], leftBehind: [] },
    }
  }
}
