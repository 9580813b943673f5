import { ControlContent } from '../control/control-content.js'
import type { ControlRoute } from '../control/control-types.js'
import { OnDemandPart } from '../control/on-demand-part.js'

/** The reference's page (docs-page.ts), which a page's mock imports when it is first asked for. */
export const docsPage = new OnDemandPart<string>('the API reference page (GET /__mock/docs)')

/** GET /__mock/docs: a browsable reference of GET /openapi.json, with a form to try each operation. */
export const docsControlRoutes: ControlRoute[] = [
  { method: 'GET', path: 'docs', open: true, prepare: () => docsPage.load(), handle: () => new ControlContent('text/html; charset=utf-8', docsPage.get()) },
]
