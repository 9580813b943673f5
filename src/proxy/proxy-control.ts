import { ControlContent } from '../control/control-content.js'
import type { ControlRoute } from '../control/control-types.js'
import { readJournal } from '../journal/control-routes.js'
import type { ExchangeJournal } from './exchange-journal.js'
import type { Finding, Findings } from './findings.js'
import type { KeyMask } from './mask.js'
import { PROXY_DASHBOARD_PAGE } from './proxy-dashboard.js'
import type { Recorder } from './record.js'
import type { Shadow } from './shadow.js'

/** What the proxy's control plane reads. */
export interface ProxyState {
  readonly journal: ExchangeJournal
  readonly findings: Findings
  readonly mask: KeyMask
  readonly recorder?: Recorder
  readonly shadow?: Shadow
}

/** GET /__mock/findings: each finding with the first exchange that showed it, and how many did. */
export interface FindingList {
  findings: Finding[]
  /** Exchanges judged since start. */
  exchanges: number
}

/**
 * The proxy's own /__mock/*: the dashboard, its health, the journal of exchanges (each with the
 * findings it showed) and the findings. Nothing here is forwarded to the deployment.
 */
export const proxyControlRoutes: ControlRoute<ProxyState>[] = [
  { method: 'GET', path: '', open: true, handle: () => new ControlContent('text/html; charset=utf-8', PROXY_DASHBOARD_PAGE) },
  { method: 'GET', path: 'health', handle: () => ({ status: 'ok' }) },
  { method: 'GET', path: 'requests', handle: (request, _params, state) => readJournal(state.journal, request) },
  {
    method: 'DELETE',
    path: 'requests',
    handle: (_request, _params, state) => {
      state.journal.clear()
      return { size: state.journal.size, recorded: 0, entries: [] }
    },
  },
  { method: 'GET', path: 'findings', handle: (_request, _params, state): FindingList => ({ findings: state.findings.list(), exchanges: state.journal.recorded }) },
]
