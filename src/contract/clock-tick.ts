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

/**
 * Two instants in time order, to their finest digit: RFC 3339 lets a deployment write as many
 * fraction digits as it likes (`…:51.54Z` is after `…:51.539Z`, though it sorts before it as
 * text) and any offset. Undefined when either is no instant.
 */
export function compareInstants(a: unknown, b: unknown): number | undefined {
  const [x, y] = [instantParts(a), instantParts(b)]
  if (x === undefined || y === undefined) return undefined
  return x.seconds - y.seconds || (x.fraction < y.fraction ? -1 : x.fraction > y.fraction ? 1 : 0)
}

/** An instant's whole seconds since the epoch and its fraction as nine digits (nanoseconds, which compare as text). */
function instantParts(instant: unknown): { seconds: number; fraction: string } | undefined {
  if (typeof instant !== 'string') return undefined
  const match = /^(.+T\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/i.exec(instant)
  const ms = match ? Date.parse(`${match[1]}${match[3]}`) : NaN
  return match && Number.isFinite(ms) ? { seconds: ms / 1000, fraction: (match[2] ?? '').padEnd(9, '0') } : undefined
}
