// A Node project's TypeScript, type-checked with skipLibCheck off and only Node's own types:
// the main entry and the express entry need neither msw, @msw/data nor the DOM lib.
import express from 'express'
import { createMock, exportState, expectRequest, listen, type Mock, type RunningServer } from 'sitemock'
import { createExpressMiddleware, type ExpressMiddleware } from 'sitemock/express'

const mock: Mock = createMock({ scenario: 'empty', seed: 2 })
const middleware: ExpressMiddleware = createExpressMiddleware(mock, { basePath: '/api' })
express().use(middleware).use('/mock', createExpressMiddleware(mock))
expectRequest(mock, { method: 'GET', path: '/v2/sites', times: 0 })
export const running: Promise<RunningServer> = listen(mock, { port: 0 })
export const sites: number = exportState(mock.store).sites?.length ?? 0
