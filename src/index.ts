// The package's Node entry: the core, its transports and the fixture tools, for tests and tooling.
export { createMock, type Mock, type MockOptions } from './mock.js'
export { listen, createNodeServer, type NodeServerOptions, type RunningServer } from './transports/node-server.js'
export { createMswHandler, DEFAULT_BASE_URL, expectRequest, findRequests, type MswHandlerOptions, type RequestExpectation } from './transports/msw.js'
export { createExpressMiddleware } from './transports/express.js'
export { exportState, FixtureError, loadFixture, validateFixture, type Fixture, type FixtureProblem } from './scenarios/fixture.js'
export { generateFixture, type GenerateOptions } from './scenarios/generate.js'
export { SCENARIOS, type ScenarioName } from './scenarios/index.js'
export type { ApiRequest, ApiResponse } from './api/types.js'
