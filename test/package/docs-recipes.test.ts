import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO } from './support.js'

/**
 * A recipe in docs/ shows files of the scratch projects that the package tests install and run:
 * a block preceded by `<!-- path -->` must still stand, to the letter, in the file at that path.
 */
const DOCS = path.join(REPO, 'docs')
const recipes = fs
  .readdirSync(DOCS)
  .filter((file) => file.endsWith('.md'))
  .map((file) => ({ file, blocks: [...fs.readFileSync(path.join(DOCS, file), 'utf8').matchAll(/<!-- (\S+) -->\n```\w*\n([\s\S]*?)```/g)] }))
  .filter((recipe) => recipe.blocks.length > 0)

describe('the recipes in docs/', () => {
  it('are the files that the package tests run', () => {
    expect(recipes.map((recipe) => recipe.file).sort()).toEqual(['playwright.md', 'storybook.md', 'vite-and-vitest-browser.md'])
  })

  it.each(recipes)('$file shows its project files as they are', ({ blocks }) => {
    for (const [, file, code] of blocks) expect(fs.readFileSync(path.join(REPO, file!), 'utf8'), file).toContain(code!)
  })
})
