// How a key is shown without showing it: its last four characters, where the key is long enough
// that four are not most of it. Apart from describe-key.ts, which reads the mock's callers: the
// masking of paths (mask-keys.ts), which error logs use, then depends on no part of the API.

/** Keys shorter than this show no hint at all: four characters of them would be most of the key. */
export const MIN_HINTED_LENGTH = 12

/** The hint the journal shows for a kept tail. */
export const hintOf = (tail: string | undefined): string | null => (tail === undefined ? null : `…${tail}`)

/** The hint a journal shows of a key known only as sent. */
export const sentKeyHint = (key: string | undefined): string | null => hintOf(key !== undefined && key.length >= MIN_HINTED_LENGTH ? key.slice(-4) : undefined)
