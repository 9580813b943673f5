import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that run for minutes, longest first (as a loaded run measured them). Vitest orders
 * test files by their last durations, which a fresh clone (CI) does not have: it falls back to
 * file sizes, and one of these starting late runs alone at the end, with the other worker idle.
 */
const LONG_RUNS = [
  '/test/package/consumer.test.ts',
  // Not a package test: the other worker does not wait on the tarball while the first one packs it.
  '/test/contract/implementation-defects.test.ts',
  '/test/package/docs-blocks.test.ts',
  '/test/contract/stateful-adoption.test.ts',
  '/test/package/playwright.test.ts',
  '/test/package/storybook.test.ts',
  '/test/package/types.test.ts',
  '/test/contract/prism.test.ts',
  '/test/contract/stateful-defects.test.ts',
  '/test/contract/independent.test.ts',
  '/test/contract/stateful.test.ts',
  '/test/soak/',
]

/** Starts the long runs, in the order above, before everything else. */
export class LongRunsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (file: TestSpecification): number => {
      const index = LONG_RUNS.findIndex((fragment) => file.moduleId.includes(fragment))
      return index === -1 ? LONG_RUNS.length : index
    }
    // A stable sort: the other files keep vitest's own order after the long runs.
    return sorted.map((file, order) => ({ file, order })).sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order).map(({ file }) => file)
  }
}
