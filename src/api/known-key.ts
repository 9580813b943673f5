import type { Store } from '../store/store.js'
import { lowerCase } from './lower-case.js'
import { apartKey, keptApart } from './site-keys.js'
import type { Choices } from '../freedom/catalogue.js'

/**
 * Whether a word is a key the store holds: a workspace's App key, a site's publicApiKey, or its
 * Site key where the mock keeps the two apart (in any case, as a key is looked up).
 */
export const isKnownKey = (store: Store, word: string, choices?: Choices): boolean =>
  store.workspaceByAppKey.has(word) || store.siteByApiKey.has(lowerCase(word)) || (keptApart(choices) && store.siteByApiKey.has(apartKey(lowerCase(word))))
