// Time the way the Go service sees it: PostgreSQL `timestamptz` values (microsecond
// resolution) scanned by pgx into time.Time in the process's Local zone, then written
// with time.RFC3339Nano. The deployment runs with TZ=Asia/Kathmandu, a fixed +05:45
// zone with no daylight saving, so every timestamp carries that offset.

const OFFSET_MINUTES = 5 * 60 + 45;
const OFFSET_TEXT = '+05:45';

// A monotonic microsecond clock anchored on the wall clock at start. PostgreSQL's
// now() is the transaction start; we hand out one value per transaction and keep
// the sequence strictly increasing so two requests never share an instant.
const anchorMicros = BigInt(Date.now()) * 1000n;
const anchorHr = process.hrtime.bigint();
let lastMicros = 0;

export function clockMicros() {
  const elapsed = (process.hrtime.bigint() - anchorHr) / 1000n;
  let now = Number(anchorMicros + elapsed);
  if (now <= lastMicros) now = lastMicros + 1;
  lastMicros = now;
  return now;
}

// Microseconds since the epoch for a fixed UTC instant (used by the seed).
export function microsOf(isoUtc, extraMicros = 0) {
  return Date.parse(isoUtc) * 1000 + extraMicros;
}

const pad = (n, w = 2) => String(n).padStart(w, '0');

// time.RFC3339Nano: "2006-01-02T15:04:05.999999999Z07:00" — the fraction keeps only
// significant digits and disappears entirely when it is zero.
export function rfc3339Nano(micros) {
  if (micros === null || micros === undefined) return null;
  const local = micros + OFFSET_MINUTES * 60 * 1e6;
  const ms = Math.floor(local / 1000);
  const fracMicros = ((local % 1e6) + 1e6) % 1e6;
  const d = new Date(ms);
  let text = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  if (fracMicros !== 0) text += '.' + pad(fracMicros, 6).replace(/0+$/, '');
  return text + OFFSET_TEXT;
}
