import { PAGE } from '../endpoints.js'
import type { ContractRequest } from '../http-client.js'
import type { Answer, Oracle } from './oracle.js'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Whether the oracle took a page update as turning the page online or offline and changing nothing
 * else: its `isOnline` moved, and every other field sent was what the page had before (as the
 * oracle answers it, in its stored form; a field the page does not show, as sent). Whether such an
 * update moves updatedAt, no document says (onlineUpdatedAt).
 */
export function onlineStateOnly(oracle: Oracle, request: ContractRequest, answer: Answer): boolean {
  const { body } = request
  if (request.method !== 'PATCH' || request.template !== PAGE || !isObject(body) || !('isOnline' in body)) return false
  const after = answer.body
  if (answer.status !== 200 || !isObject(after) || typeof after.id !== 'string') return false
  return oracle.beforeLast((mock) => {
    const page = mock.store.pages.byId.get(String(after.id))
    if (page === undefined || page.draft.isOnline === after.isOnline) return false
    const before: Json = { ...page.draft }
    return Object.keys(body).every((field) => field === 'isOnline' || JSON.stringify(before[field]) === JSON.stringify(field in after ? after[field] : body[field]))
  })
}
