import type { Choices } from './catalogue.js'

/**
 * Whether a site that does not exist is a 404 before a key's reach is judged (choice accessOrder
 * existence-first, and site-first, which then judges the reach of a site that exists before the
 * names it holds are looked up).
 */
export const existenceWins = (choices: Choices | undefined): boolean => choices?.accessOrder === 'existence-first' || choices?.accessOrder === 'site-first'
