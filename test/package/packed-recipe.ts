import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { recipeFiles } from './docs-blocks.js'
import { packedTarball } from './support.js'

/**
 * The files of a recipe project as the packed package's own documents show them: the package
 * tests lay exactly these into their scratch projects, so what they run is what a user copies
 * from the installed package's docs/ (docs-blocks.test.ts checks every file is shown whole).
 */
export async function packedRecipe(name: string): Promise<Record<string, string>> {
  const { tarball } = await packedTarball()
  const unpacked = path.join(path.dirname(tarball), 'unpacked')
  if (!fs.existsSync(unpacked)) {
    // Unpacked aside and renamed into place: test files running at once never read half a folder.
    const aside = fs.mkdtempSync(`${unpacked}-`)
    execFileSync('tar', ['-xzf', tarball, '-C', aside, 'package/README.md', 'package/docs'])
    try {
      fs.renameSync(aside, unpacked)
    } catch {
      fs.rmSync(aside, { recursive: true, force: true })
    }
  }
  return recipeFiles(path.join(unpacked, 'package'), name)
}
