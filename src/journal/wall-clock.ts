/**
 * The wall-clock time of a reading of the monotonic clock (performance.now()): the journal stamps
 * an entry from the reading it times the request with, not from a second clock call per request,
 * which costs as much as the rest of an entry's numbers together. Date.now() is asked at most
 * once a second to anchor one clock to the other, so a change of the system's time shows within
 * a second. When Date.now is not the platform's own (a test's fake timers), it is asked every
 * time: entries then follow the time the test sets.
 */
const platformNow = Date.now
const platformIsNative = /\[native code\]/.test(Function.prototype.toString.call(platformNow))
const usesPlatformClock = (): boolean => Date.now === platformNow && platformIsNative
const ANCHOR_MS = 1000

export function createWallClock(readWall: () => number = () => Date.now(), anchored: () => boolean = usesPlatformClock): (monotonic: number) => number {
  let anchorWall = 0
  let anchorMonotonic = -Infinity
  let latest = -Infinity
  return (monotonic) => {
    if (!anchored()) return readWall()
    if (monotonic - anchorMonotonic > ANCHOR_MS || monotonic < anchorMonotonic) {
      anchorWall = readWall()
      anchorMonotonic = monotonic
    }
    const wall = anchorWall + (monotonic - anchorMonotonic)
    // Date.now() drops the part of a millisecond that has passed, so a new anchor may fall up to
    // a millisecond behind the previous one's reckoning: entries keep their order all the same.
    // A clock set back by more is followed.
    latest = wall < latest && latest - wall < 1 ? latest : wall
    return latest
  }
}

/** The platform's wall clock, as every journal reads it. */
export const wallTimeAt = createWallClock()
