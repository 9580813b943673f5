import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Starts the soak runs (minutes each) before everything else. Vitest orders test files by their
 * last durations, which a fresh clone (CI) does not have: there the soak would start last and
 * run alone at the end, with one of the two workers idle for minutes.
 */
export class LongRunsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const isLongRun = (file: TestSpecification): boolean => file.moduleId.includes('/test/soak/')
    return [...sorted.filter(isLongRun), ...sorted.filter((file) => !isLongRun(file))]
  }
}
