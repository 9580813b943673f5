// One fresh process's first createMock of a scenario, and JSON.parse of that scenario's own
// export after it in the same process (the bound judged before; parse-export-probe.ts measures
// the one judged now): printed as one JSON line for test-loop.ts.
// The package's entry: it provides faker, which generating a scenario needs.
import { createMock } from '../src/index.js'
import { exportState } from '../src/scenarios/export-state.js'
import { isScenarioName } from '../src/scenarios/index.js'

const scenario = process.argv[2]
if (!isScenarioName(scenario)) throw new Error(`create-mock-probe: ${String(scenario)} is not a scenario name`)
const started = performance.now()
const mock = createMock({ scenario })
const createMs = performance.now() - started
const text = JSON.stringify(exportState(mock.store))
const parseStarted = performance.now()
JSON.parse(text)
const parseMs = performance.now() - parseStarted
console.log(JSON.stringify({ createMs, parseMs }))
