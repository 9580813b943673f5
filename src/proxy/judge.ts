import { apiRoutes } from '../api/operations.js'
import { errorCodeProblem, judgeExchange } from '../contract/exchange-rules.js'
import type { Exchange } from '../contract/http-client.js'
import { documents, summarize } from '../contract/judge.js'
import type { DocumentName, Failure } from '../contract/types.js'
import type { ProxyRule } from './findings.js'
import { ListWalks } from './walks.js'

/** One exchange as the proxy saw it pass: the request as sent and the deployment's answer. */
export interface SeenExchange {
  method: string
  path: string
  /** The raw query string, without the leading `?`. */
  query: string
  requestText: string | undefined
  status: number
  contentType: string | undefined
  responseText: string
}

export interface Judged {
  /** The operation's path template; undefined for a request that reaches no operation of the API. */
  template?: string
  operationId?: string
  /** The rules that judged the exchange, with or without a finding. */
  judgedBy: ProxyRule[]
  /** `promise` names the broken promise: the exchanges that show the same one are one finding. */
  findings: Array<{ rule: ProxyRule; failure: Failure; promise?: string }>
}

const parsed = (text: string | undefined): { value?: unknown; error?: string } => {
  if (text === undefined || text === '') return {}
  try {
    return { value: JSON.parse(text) as unknown }
  } catch (error) {
    return { error: (error as Error).message }
  }
}

/**
 * Judges each exchange with the rules one exchange decides (exchange-rules.ts, as the contract
 * suite does) and each page of a list with the walk it belongs to. A request that reaches no
 * operation of the API (HEAD included) is not judged: the proxy passes on whatever the caller asks for.
 */
export class ExchangeJudge {
  private readonly walks = new ListWalks()

  judge(seen: SeenExchange): Judged {
    const match = apiRoutes.match(seen.method, seen.path)
    // HEAD reaches a GET's route, but no document describes it: passed on, not judged.
    if (match.kind !== 'found' || match.operation.method !== seen.method) return { judgedBy: [], findings: [] }
    const { operation } = match
    const template = operation.path
    const request = parsed(seen.requestText)
    const response = parsed(seen.responseText)
    const exchange: Exchange = {
      request: { method: seen.method, path: seen.query ? `${seen.path}?${seen.query}` : seen.path, template, ...(request.value === undefined ? {} : { body: request.value }) },
      status: seen.status,
      headers: new Headers(seen.contentType === undefined ? {} : { 'content-type': seen.contentType }),
      contentType: seen.contentType,
      text: seen.responseText,
      body: response.value,
      ...(response.error === undefined ? {} : { jsonError: response.error }),
    }
    const findings: Judged['findings'] = judgeExchange('documents', exchange).map((failure) => ({ rule: 'answer-shape', failure }))
    const failure = (message: string, documents: DocumentName[]): Failure => ({ message, documents, request: exchange.request, response: summarize(exchange) })
    const wrongCode = seen.status >= 400 && response.value !== undefined ? errorCodeProblem(seen.status, response.value) : undefined
    if (wrongCode) findings.push({ rule: 'answer-shape', failure: failure(wrongCode, ['specification']) })
    if (seen.method !== 'GET' && seen.status < 400) this.walks.forget()
    const shape = operation.success.shape
    const judgedBy: ProxyRule[] = ['answer-shape']
    if (seen.status === 200 && shape !== 'empty' && 'list' in shape && response.value !== undefined) {
      judgedBy.push('pagination-walk')
      const promised: DocumentName[] = documents('published', 'GET', template, 200) ? ['specification', 'published OpenAPI'] : ['specification']
      for (const problem of this.walks.page(seen.path, seen.query, response.value)) findings.push({ rule: 'pagination-walk', failure: failure(problem.message, promised), promise: problem.promise })
    }
    return { template, operationId: operation.operationId, judgedBy, findings }
  }
}
