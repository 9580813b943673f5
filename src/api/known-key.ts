import type { Store } from '../store/store.js'
import { lowerCase } from './lower-case.js'

/** Whether a word is a key the store holds: a workspace's App key, a site's publicApiKey (in any case, as a key is looked up). */
export const isKnownKey = (store: Store, word: string): boolean => store.workspaceByAppKey.has(word) || store.siteByApiKey.has(lowerCase(word))
