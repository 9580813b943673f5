import { PAGE, PAGES, SITE_PAGES } from '../endpoints.js'
import type { Follow, Occurrence } from './freedom-classes.js'
import { isObject, success } from './freedom-class.js'
import { keyOfLiveSite, readsNoLiveVersion } from './freedom-surface.js'
import { ORACLE_APP_KEY } from './oracle.js'

/**
 * A site's publicApiKey whose answers no alternative of the catalogue's publicApiKeyAsSiteKey
 * explains. The documents call it a "publishable key a host can use to fetch page and component
 * data for rendering the site", and say no more of what it may do: a deployment may let it read
 * any part of the site, in any version, and refuse the rest. Its reach is then read as its own,
 * operation by operation, for its own site or another (and, for pages, by version, by
 * includeOffline and by whether the page is online): each kind of request is answered or refused (403) the first time it is seen, and
 * held to that; what an answered read shows is the key's, and is not compared.
 */
export const OWN_REACH = 'its own reach'

/** The kind of request a publicApiKey's reach is held by. */
export function reachScope(occurrence: Occurrence): string {
  const { request, peek, ownSiteKey } = occurrence
  // Its own site's, or another's: a key reaches its own site alone, or nothing of it. A deleted
  // site's key is a kind apart (deletedSiteKey): whatever it reached before, it may reach nothing now.
  const whose = !keyOfLiveSite(occurrence) ? 'a deleted site' : ownSiteKey ? 'its own site' : 'another site'
  const parts = [`${request.method} ${request.template}`, whose]
  const query = request.query ?? {}
  if (request.template === PAGES || request.template === PAGE || request.template === SITE_PAGES) {
    parts.push(`versionRef ${String(query.versionRef ?? 'unsaid')}`)
    if (request.template !== PAGE) parts.push(`includeOffline ${String(query.includeOffline ?? 'unsaid')}`)
    if (request.template === PAGE && request.method === 'GET') {
      const page = peek({ ...request, query: { siteId: query.siteId }, key: ORACLE_APP_KEY })
      parts.push(isObject(page.body) && page.body.isOnline === true ? 'an online page' : 'an offline page')
    }
  }
  return `publicApiKeyAsSiteKey (${OWN_REACH}: ${parts.join(', ')})`
}

/**
 * What the target's answer is, for a publicApiKey held by its own reach: answered, refused, or
 * neither (another rule's error). A 404 to a read of a page with no live version, in any version
 * asked (or a list from one), is the answer of a key that reads live versions: the key reached the
 * request.
 */
export function reachOf(status: number, occurrence: Occurrence): 'answered' | 'refused' | undefined {
  // (A 404 the oracle gives too, a site gone say, tells nothing of the key.)
  if (success(status) || (status === 404 && occurrence.oracle.status !== 404 && readsNoLiveVersion(occurrence, true))) return 'answered'
  return status === 403 ? 'refused' : undefined
}

/**
 * How the oracle takes on a reach the target showed: a refusal stands for its write, or is
 * expected of a read; an answered read is the key's own; an answered write is made as the App
 * key would make it.
 */
export function followReach(reach: 'answered' | 'refused', { request, oracle }: Occurrence): Follow {
  if (reach === 'refused') return success(oracle.status) && request.method !== 'GET' ? { kind: 'refused' } : { kind: 'expect', answer: { status: 403, body: { code: 'forbidden' } } }
  return request.method === 'GET' ? { kind: 'taken' } : { kind: 'resend', request: { ...request, key: ORACLE_APP_KEY } }
}
