import { ControlContent } from '../control/control-content.js'
import type { ControlRoute } from '../control/control-types.js'
import { OnDemandPart } from '../control/on-demand-part.js'

/** The dashboard's page (page.ts), which a page's mock imports when it is first asked for. */
export const dashboardPage = new OnDemandPart<string>('the dashboard page (GET /__mock/)')

/** GET /__mock/ is the dashboard; what it shows at a glance, GET /__mock/summary, is summary.ts's. */
export const dashboardControlRoutes: ControlRoute[] = [
  { method: 'GET', path: '', open: true, prepare: () => dashboardPage.load(), handle: () => new ControlContent('text/html; charset=utf-8', dashboardPage.get()) },
]
