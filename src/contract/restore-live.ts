import { detailFields } from './exchange-rules.js'

/**
 * The fields a 400 to the restore of a locale that is not deleted (restoreLiveLocale `400`) may
 * name: the path parameter that named the locale (sitemock's), or `locale`, the locale's own
 * field, which a deployment was seen to name instead. A 400 naming neither is another rule's.
 */
const RESTORE_LIVE_FIELDS: readonly string[] = ['localeIdOrCode', 'locale']

/** Whether a 400's details name the locale the restore's path named. */
export const namesRestoredLocale = (body: unknown): boolean => detailFields(body).some((field) => RESTORE_LIVE_FIELDS.includes(field))
