/** The milliseconds of an instant within its second (`…:07.25Z` is 250), 0 when it shows none (`…:07Z`); undefined when it is no instant. */
export function millisecondsOf(instant: unknown): number | undefined {
  if (typeof instant !== 'string') return undefined
  const match = /T\d\d:\d\d:\d\d(?:\.(\d+))?(?:Z|[+-]\d\d:\d\d)$/.exec(instant)
  return match ? Number((match[1] ?? '0').padEnd(3, '0').slice(0, 3)) : undefined
}

/**
 * The coarsest unit (a second, a tenth, a hundredth, a millisecond) that every instant given is a
 * whole number of. Neither document says how fine a deployment's clock is: it may tick in this
 * unit, so two writes within one tick may share an instant, and a write that must show a later
 * one is sent a tick after the last.
 */
export function clockTickMs(instants: readonly unknown[]): number {
  let tick = 1000
  for (const ms of instants.map(millisecondsOf)) if (ms !== undefined) tick = narrowTick(tick, ms)
  return tick
}

/** The tick narrowed to one this instant (milliseconds, of its second or since the epoch) is a whole number of. */
export function narrowTick(tickMs: number, instantMs: number): number {
  let tick = tickMs
  while (tick > 1 && instantMs % tick !== 0) tick /= 10
  return tick
}

/** Past one tick of a clock that ticks every `tickMs`, with a margin for the clocks of two machines. */
export const pastTickMs = (tickMs: number): number => (tickMs >= 1000 ? 1_100 : tickMs + 5)
