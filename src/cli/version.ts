import fs from 'node:fs'

/**
 * The version in the package's own package.json, found by walking up from this module: the same
 * code runs from src/ in development and from dist/src/ once installed.
 */
export function packageVersion(): string {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    const file = new URL('package.json', dir)
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (manifest.name === 'sitemock' && manifest.version) return manifest.version
    }
    if (dir.pathname === '/') throw new Error('the package.json of sitemock was not found')
  }
}
