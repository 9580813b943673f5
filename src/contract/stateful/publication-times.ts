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

/**
 * What a page update that sends `isOnline: true` to a page already online showed of its
 * publication (onlineRepublish), where going online publishes: `republishes` where the target's
 * publishedAt moved from what it answered before the step (from null too: a page online since its
 * creation, never published, is published then), `unchanged` where it stayed while the update had
 * an instant of its own; undefined where the step is no such update, or the page was not seen
 * online before, or the update shares the publication's instant (a clock's tick).
 */
export function republicationShown(oracle: Oracle, request: ContractRequest, answer: Answer, target: unknown, before: Json | undefined): 'republishes' | 'unchanged' | undefined {
  const { body } = request
  if (request.method !== 'PATCH' || request.template !== PAGE || !isObject(body) || body.isOnline !== true) return undefined
  const after = answer.body
  if (answer.status !== 200 || !isObject(after) || !isObject(target) || before?.isOnline !== true) return undefined
  const wasOnline = oracle.beforeLast((mock) => mock.store.pages.byId.get(String(after.id))?.draft.isOnline === true)
  if (!wasOnline) return undefined
  if (target.publishedAt !== before.publishedAt) return 'republishes'
  return target.updatedAt !== target.publishedAt ? 'unchanged' : undefined
}
