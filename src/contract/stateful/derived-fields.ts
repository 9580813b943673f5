import { PAGE, PAGES, SITE_PAGES } from '../endpoints.js'
import type { ContractRequest } from '../http-client.js'
import type { Difference } from './compare.js'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Two fields of a page that a deployment may derive from other writes, where no document says
 * whether it does: its title from its name after a rename (pageTitleFollowsName), and its
 * updatedAt from a rename of a locale it is shown in (localeRenameTouchesPages). Each is told
 * from the request and the two answers; the holder (hold.ts) then lets the oracle make the other
 * choice and answer again, and under --profile sitemock the class is named (sitemock-choices.ts).
 */

/** A page update that renames the page and sends no title, whose two answers show different titles. */
export function titleDiffersOnRename(request: ContractRequest, target: unknown, oracle: unknown): boolean {
  const { body } = request
  if (request.method !== 'PATCH' || request.template !== PAGE || !isObject(body) || typeof body.name !== 'string' || 'title' in body) return false
  return isObject(target) && isObject(oracle) && target.title !== oracle.title
}

/**
 * A read of pages whose difference is in their updatedAt (or an order by it): what a rename of
 * one of their locales, earlier in the sequence, may have moved at one deployment and not the other.
 */
export function updatedAtDiffersOnRead(request: ContractRequest, difference: Difference | undefined): boolean {
  if (difference === undefined || request.method !== 'GET' || ![PAGE, PAGES, SITE_PAGES].includes(request.template)) return false
  return difference.message.includes('updatedAt') || request.query?.sortBy === 'updatedAt'
}

