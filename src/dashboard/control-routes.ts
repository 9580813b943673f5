import { ControlContent } from '../control/control-content.js'
import type { ControlRoute } from '../control/control-types.js'
import { OnDemandPart } from '../control/on-demand-part.js'
import { summarize } from './summary.js'

/** The dashboard's page (page.ts), which a page's mock imports when it is first asked for. */
export const dashboardPage = new OnDemandPart<string>('the dashboard page (GET /__mock/)')

/** GET /__mock/ is the dashboard; GET /__mock/summary what it shows at a glance. */
export const dashboardControlRoutes: ControlRoute[] = [
  { method: 'GET', path: '', open: true, prepare: () => dashboardPage.load(), handle: () => new ControlContent('text/html; charset=utf-8', dashboardPage.get()) },
  { method: 'GET', path: 'summary', handle: (_request, _params, target) => summarize(target) },
]
