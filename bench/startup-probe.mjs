// One fresh process as a test file starts: msw/node first (the test imports it anyway), then
// what the README's in-process test imports from sitemock (the entries given as arguments), then
// createMock(). Prints both times.
const entries = process.argv.slice(2)
const started = performance.now()
await import('msw/node')
const mswReady = performance.now()
const modules = []
for (const entry of entries) modules.push(await import(entry))
modules.find((module) => typeof module.createMock === 'function').createMock()
const sitemockReady = performance.now()
console.log(JSON.stringify({ mswNodeMs: mswReady - started, sitemockMs: sitemockReady - mswReady }))
