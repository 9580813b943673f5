import { parseQuery } from '../api/parse-request.js'
import type { ApiRequest } from '../api/types.js'
import { compileValidator } from '../api/validate.js'
import { validators as queryValidators } from '../generated/validators/params.js'
import type { JournalEntry, JournalPage, JournalQuery } from '../generated/types.js'
import type { ControlRoute } from '../control/control-types.js'
import { matchesEntry } from './entry-filter.js'
import type { RequestJournal } from './journal.js'

const validateQuery = compileValidator<JournalQuery>('control-requests-query.json', 'params', queryValidators)
const DEFAULT_LIMIT = 100

/** The journal's entries that pass the query's filters, newest first, at most `limit`. */
export function readJournal(journal: Pick<RequestJournal, 'size' | 'recorded' | 'newestFirst'>, request: ApiRequest): JournalPage {
  const { limit = DEFAULT_LIMIT, ...filter } = validateQuery(parseQuery(request.query))
  const entries: JournalEntry[] = []
  for (const entry of journal.newestFirst()) {
    if (entries.length >= limit) break
    if (matchesEntry(entry, filter)) entries.push(entry)
  }
  return { size: journal.size, recorded: journal.recorded, entries }
}

/** GET /__mock/requests reads the request journal; DELETE /__mock/requests clears it. */
export const journalControlRoutes: ControlRoute[] = [
  { method: 'GET', path: 'requests', handle: (request, _params, target) => readJournal(target.journal, request) },
  {
    method: 'DELETE',
    path: 'requests',
    // The journal is not part of the state: a state file neither saves nor replays this.
    writes: false,
    handle: (_request, _params, target) => {
      target.journal.clear()
      const cleared: JournalPage = { size: target.journal.size, recorded: 0, entries: [] }
      return cleared
    },
  },
]
