import { documentedStatuses as statusesOf } from '../api/types.js'
import { publishedDocumentsStatus } from '../contracts/response-check.js'
import { operationAt } from './endpoints.js'
import type { Exchange } from './http-client.js'
import { DOCUMENT_OF, holdsServiceRules, type DocumentName, type Failure, type Profile } from './types.js'

/** The statuses the profile's document declares for an operation; undefined when it has no such operation. */
export function documentedStatuses(profile: Profile, method: string, template: string): number[] | undefined {
  if (holdsServiceRules(profile)) {
    const operation = operationAt(method, template)
    return operation ? statusesOf(operation) : undefined
  }
  if (publishedDocumentsStatus(method, template, 200) === undefined) return undefined
  return [200, 201, 204, 400, 401, 403, 404, 409].filter((status) => publishedDocumentsStatus(method, template, status))
}

/** Whether the document promises this status for the operation. */
export function documents(profile: Profile, method: string, template: string, status: number): boolean {
  return documentedStatuses(profile, method, template)?.includes(status) ?? false
}

/** The documents that promise `status` here: the service rules always do under the spec profile. */
export function promisedBy(profile: Profile, method: string, template: string, status: number): DocumentName[] {
  if (profile === 'published') return [DOCUMENT_OF.published]
  return publishedDocumentsStatus(method, template, status) ? ['specification', 'published OpenAPI'] : ['specification']
}

export function summarize(exchange: Exchange): Failure['response'] {
  return {
    status: exchange.status,
    ...(exchange.contentType ? { contentType: exchange.contentType } : {}),
    ...(exchange.body !== undefined ? { body: exchange.body } : exchange.text ? { body: exchange.text.slice(0, 500) } : {}),
  }
}
