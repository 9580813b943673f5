import type { Choices } from './catalogue.js'

/**
 * Whether turning a page online, or offline, and nothing else keeps its updatedAt where it was
 * under an alternative of onlineUpdatedAt: each direction may choose its own way (`offline-moves`
 * keeps it going online, a publication; `online-moves` going offline). The mock answers by it, and
 * the stateful oracle reads a target's answers by it.
 */
export const keepsUpdatedAt = (choice: Choices['onlineUpdatedAt'], goingOnline: boolean): boolean =>
  choice === 'unchanged' || choice === (goingOnline ? 'offline-moves' : 'online-moves')

/** The alternative of onlineUpdatedAt that keeps updatedAt going online, going offline, both or neither. */
export const onlineUpdatedAtOf = (keptOnline: boolean, keptOffline: boolean): NonNullable<Choices['onlineUpdatedAt']> =>
  keptOnline && keptOffline ? 'unchanged' : keptOnline ? 'offline-moves' : keptOffline ? 'online-moves' : 'moves'
