// The bound a fresh process's first createMock is judged against: what loading a saved export
// of the scenario minimally costs in a fresh process, reading the file and JSON.parse of it.
// Printed as one JSON line for test-loop.ts.
import fs from 'node:fs'

const file = process.argv[2]
if (file === undefined) throw new Error('parse-export-probe: give the export file to read')
const started = performance.now()
const text = fs.readFileSync(file, 'utf8')
const read = performance.now()
JSON.parse(text)
const done = performance.now()
console.log(JSON.stringify({ readParseMs: done - started, parseMs: done - read }))
