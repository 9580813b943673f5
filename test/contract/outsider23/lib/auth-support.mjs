export { db, liveSite } from './store.mjs';
export { parseUuid as parseUuidKey } from './extract.mjs';
