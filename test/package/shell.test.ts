import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { packedTarball, REPO, run, scratchProject, type Packed } from './support.js'

/**
 * sitemock as a shell script in a user's project drives it: installed from the tarball, started
 * with npx in the background, waited for, and stopped with `kill $!`, each as documented.
 */

/** The processes of this project's sitemock still running (Linux: /proc). */
function sitemockProcesses(project: string): string[] {
  const bin = path.join(project, 'node_modules/.bin/sitemock')
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => commandLineOf(pid))
    .filter((command) => command.includes(bin))
}

/** A process's command line, or '' for one that ended between the listing of /proc and this read. */
function commandLineOf(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return ''
  }
}

/** Resolves once nothing answers at `url` and no sitemock of `project` runs, or fails after five seconds. */
async function stopped(url: string, project: string): Promise<void> {
  const deadline = Date.now() + 5000
  for (;;) {
    const answers = await fetch(`${url}/__mock/health`, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    )
    const left = sitemockProcesses(project)
    if (!answers && left.length === 0) return
    if (Date.now() > deadline) throw new Error(`5 s after kill $!: ${answers ? `${url} still answers; ` : ''}still running: ${left.join('; ')}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Prints the status of GET `$1`, from the project's own node, which gives up after 10 s. */
const HEALTH = `node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(10000) }).then((r) => console.log(r.status))'`

describe('sitemock in a shell script of a project that installed it', () => {
  let packed: Packed
  let project: string
  beforeAll(async () => {
    packed = await packedTarball()
    project = await scratchProject('shell', { dependencies: [] })
  }, 900_000)

  it('ships each schema and fixture once, and says where the project and its issues live', () => {
    const files = packed.files.map((file) => file.path)
    const shipped = [
      ...fs.readdirSync(path.join(REPO, 'contracts/schemas')).map((name) => `contracts/schemas/${name}`),
      'contracts/published-openapi.json',
      ...fs.readdirSync(path.join(REPO, 'fixtures')).map((name) => `fixtures/${name}`),
    ]
    for (const file of shipped) expect(files.filter((packedFile) => packedFile.endsWith(`/${path.basename(file)}`) || packedFile === path.basename(file)), file).toEqual([file])
    const manifest = JSON.parse(fs.readFileSync(path.join(project, 'node_modules/sitemock/package.json'), 'utf8')) as { repository: { url: string }; homepage: string; bugs: { url: string } }
    expect(manifest.repository.url).toBe('git+https://github.com/sitemock/sitemock.git')
    expect(manifest.homepage).toBe('https://github.com/sitemock/sitemock#readme')
    expect(manifest.bugs.url).toBe('https://github.com/sitemock/sitemock/issues')
  })

  /**
   * Runs a script that starts the server in the background with `start`, waits for it with the
   * lines of `wait` (which leave its URL in $URL), asks it for its health and ends with `kill $!`;
   * resolves once the server is gone, as it must be within seconds.
   */
  async function startWaitAndKill(start: string, wait: string[]): Promise<void> {
    const script = [`${start} &`, ...wait, 'echo "$URL"', `${HEALTH} "$URL/__mock/health"`, 'kill $!'].join('\n')
    const result = await run('sh', ['-c', script], project, { timeoutMs: 60_000 })
    expect(result.code, result.output).toBe(0)
    const [url, health] = result.stdout.trim().split('\n')
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(health).toBe('200')
    await stopped(url!, project)
  }

  it('waits for the first line of --log json with jq, then stops the server with kill $!', async () => {
    fs.rmSync(path.join(project, 'log.jsonl'), { force: true })
    await startWaitAndKill('npx sitemock serve --port 0 --log json > log.jsonl 2>/dev/null', [
      // Fails until the line is whole, on jq 1.6 (whose -e passes an empty input) as on 1.7.
      `until URL=$(head -1 log.jsonl | jq -ner 'input.url' 2>/dev/null); do sleep 0.1; done`,
    ])
  }, 90_000)

  it('waits for --ready-file with no JSON tool, then stops the server with kill $!, which removes the file', async () => {
    await startWaitAndKill('npx sitemock serve --port 0 --ready-file .sitemock-url > /dev/null 2>&1', ['until [ -s .sitemock-url ]; do sleep 0.1; done', 'URL=$(cat .sitemock-url)'])
    expect(fs.existsSync(path.join(project, '.sitemock-url'))).toBe(false)
  }, 90_000)

  it("fails the loop's jq check on an empty log, so the loop goes on until the server has written its line", async () => {
    const check = await run('sh', ['-c', `printf '' | jq -ner 'input.url' >/dev/null 2>&1; echo $?`], project)
    expect(Number(check.stdout.trim())).not.toBe(0)
  })
})
