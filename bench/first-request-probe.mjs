// One fresh process as a test file starts, timed from its first import. `msw`: importing
// msw/node, the baseline a test file pays anyway. `sitemock`: importing sitemock (the built entry
// given as argument), createMock(), then the first GET and the first POST answered, which is when
// a test has its first answers. Prints the milliseconds.
const [mode, entry] = process.argv.slice(2)
const started = performance.now()
if (mode === 'msw') {
  await import('msw/node')
} else {
  const { createMock } = await import(entry)
  const mock = createMock()
  const site = mock.credentials().sites[0]
  const headers = { 'x-api-key': site.siteApiKey, 'content-type': 'application/json' }
  const list = mock.handle({ method: 'GET', path: '/v6/pages', query: `siteId=${site.id}&limit=20`, headers })
  const created = mock.handle({ method: 'POST', path: '/v6/pages', headers, body: JSON.stringify({ siteId: site.id, name: 'First', pathname: '/first-request' }) })
  if (list.status !== 200 || created.status !== 201) throw new Error(`unexpected answers: ${list.status}, ${created.status}`)
}
console.log(JSON.stringify({ ms: performance.now() - started }))
