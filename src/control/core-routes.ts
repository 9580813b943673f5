import type { Credentials, ResetBody } from '../generated/types.js'
import { parseBody } from '../api/parse-request.js'
import { compileValidator } from '../api/validate.js'
import { resetOrRefuse } from '../scenarios/state-routes.js'
import type { Store } from '../store/store.js'
import type { Choices } from '../freedom/catalogue.js'
import { siteApiKeyOf } from '../api/site-keys.js'
import type { ApiRequest } from '../api/types.js'
import type { ControlRoute, ControlTarget } from './control-types.js'

const validateReset = compileValidator<ResetBody>('control-reset.json', 'body')

/** Health, credentials and reset: the endpoints every mock has, whatever features it composes. */
export const coreControlRoutes: ControlRoute[] = [
  { method: 'GET', path: 'health', handle: () => ({ status: 'ok' }) },
  { method: 'GET', path: 'credentials', handle: (_request, _params, target) => target.credentials() },
  // A test's reset: the state, the journal, faults and overrides back to the start.
  { method: 'POST', path: 'reset', writes: false, handle: (request, _params, target) => reset(request, target, 'all') },
  // The state alone, as mock.resetState(): the journal, faults and overrides stay.
  { method: 'POST', path: 'reset-state', writes: false, handle: (request, _params, target) => reset(request, target, 'state') },
]

function reset(request: ApiRequest, target: ControlTarget, scope: 'all' | 'state'): Credentials {
  const hasBody = request.body !== undefined && request.body.length > 0
  resetOrRefuse(target, hasBody ? validateReset(parseBody(request, true)) : {}, 'fixture.', scope)
  return target.credentials()
}

export function credentialsOf(store: Store, choices: Choices | undefined): Credentials {
  return {
    workspaces: [...store.workspaces.values()].map(({ id, appApiKey }) => ({ id, appApiKey })),
    // siteApiKey: the key to send as a Site API key. It is the publicApiKey unless the mock
    // follows a deployment that keeps the two apart (choice publicApiKeyAsSiteKey).
    sites: [...store.sites.values()].map((site) => ({ id: site.id, workspaceId: site.workspaceId, name: site.name, publicApiKey: site.publicApiKey, siteApiKey: siteApiKeyOf(site, choices) })),
  }
}
