/** Marks an answer an override gave (its id), so that journals and browsers can tell it from the operation's. */
export const OVERRIDE_HEADER = 'x-sitemock-override'
