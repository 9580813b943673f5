import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { CACHE, withLock } from './node-builds.js'

/**
 * A tool the tests run that is not a dependency of the project (Prism), installed from npm at an
 * exact version once into the cache kept between runs, clones of the repository included: a
 * fresh clone (CI) then does not install it again.
 */
export async function cachedToolBin(spec: string, bin: string): Promise<string> {
  if (!/^(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+$/.test(spec)) throw new Error(`cachedToolBin: "${spec}" is not name@exact-version; a cache entry is named by what it holds`)
  const dir = path.join(CACHE, 'tools', spec.replace('/', '+'))
  // Written once npm has finished: an install a killed run left half done is made again.
  const installed = path.join(dir, '.installed')
  return withLock(dir, async () => {
    if (!fs.existsSync(installed)) {
      fs.rmSync(dir, { recursive: true, force: true })
      fs.mkdirSync(dir, { recursive: true })
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'sitemock-test-tool', private: true }))
      await promisify(execFile)('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', spec], { cwd: dir })
      fs.writeFileSync(installed, '')
    }
    return path.join(dir, 'node_modules', '.bin', bin)
  })
}
