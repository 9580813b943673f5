// DATETIME(6) clock: microseconds since the epoch, strictly increasing within the process.
let last = 0;
export function nowMicros() {
  let t = Date.now() * 1000 + Math.floor((performance.now() % 1) * 1000);
  if (t <= last) t = last + 1;
  last = t;
  return t;
}
// ActiveSupport::JSON renders TimeWithZone with `xmlschema(3)`: milliseconds (truncated), "Z" for UTC.
export function renderTime(micros) {
  if (micros == null) return null;
  return new Date(Math.floor(micros / 1000)).toISOString();
}
