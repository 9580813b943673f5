import { ApiError } from '../api/errors.js'
import type { ControlRoute } from './control-types.js'

/**
 * Publishing is not an operation of the service's API, yet live pages need it: this copies
 * every draft page of the site to live and stamps publishedAt.
 */
export const publishControlRoutes: ControlRoute[] = [
  {
    method: 'POST',
    path: 'sites/{siteId}/publish',
    handle: (_request, params, target) => {
      const store = target.store()
      const siteId = params.siteId!
      if (!store.sites.has(siteId)) throw new ApiError(404, 'not_found', `No site found with id ${siteId}.`)
      const publishedAt = store.timestamp()
      const published = store.pages.publishSite(siteId, publishedAt)
      return { siteId, published, publishedAt }
    },
  },
]
