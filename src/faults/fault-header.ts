/** Marks a response the mock forced or failed on purpose, so that journals and browsers can tell it from a real answer. */
export const FAULT_HEADER = 'x-sitemock-fault'
