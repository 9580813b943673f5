import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../support/free-port.js'
import { scratchProject } from './support.js'
import { packedRecipe } from './packed-recipe.js'

/**
 * The recipe of docs/library-api.md for teams that serve msw handlers with @mswjs/http-middleware:
 * the server.mjs that the packed package's docs show, run as it is from a project that installed it,
 * answers a list and a create over HTTP through sitemock's one msw handler.
 */

const DEPENDENCIES = ['@mswjs/http-middleware@0.10.3', 'msw@2.15.0']

describe('sitemock behind @mswjs/http-middleware 0.10.3 and msw 2', { timeout: 60_000 }, () => {
  let child: ChildProcess
  let url = ''
  beforeAll(async () => {
    const project = await scratchProject('http-middleware', { dependencies: DEPENDENCIES, files: await packedRecipe('http-middleware') })
    const port = await freePort()
    child = spawn(process.execPath, ['server.mjs'], { cwd: project, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] })
    url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /at (http:\/\/\S+)/.exec(out)
        if (match) resolve(match[1]!)
      })
      child.on('exit', (code) => reject(new Error(`server.mjs exited ${code}: ${out}`)))
    })
  }, 600_000)
  afterAll(() => {
    child?.kill('SIGTERM')
  })

  it('answers a list and a create, and a 409 for the same pathname again', async () => {
    const credentials = (await (await fetch(`${url}/__mock/credentials`)).json()) as { sites: Array<{ id: string; publicApiKey: string }> }
    const site = credentials.sites[0]!
    const headers = { 'x-api-key': site.publicApiKey, 'content-type': 'application/json' }
    const list = await fetch(`${url}/v6/pages?siteId=${site.id}&limit=5`, { headers })
    expect(list.status).toBe(200)
    expect(await list.json()).toMatchObject({ object: 'list', hasMore: true, data: expect.arrayContaining([expect.objectContaining({ object: 'page' })]) as unknown })
    const body = JSON.stringify({ siteId: site.id, pathname: '/through-the-middleware', name: 'Middleware' })
    const created = await fetch(`${url}/v6/pages`, { method: 'POST', headers, body })
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ object: 'page', pathname: '/through-the-middleware' })
    const again = await fetch(`${url}/v6/pages`, { method: 'POST', headers, body })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ object: 'error', code: 'conflict' })
  })
})
