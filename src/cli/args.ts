import { parseArgs, type ParseArgsConfig } from 'node:util'

/** A usage mistake: printed with the command's help, exit code 2, never a stack trace. */
export class UsageError extends Error {}

type FlagSpec = NonNullable<ParseArgsConfig['options']>
type Flags<T extends FlagSpec> = ReturnType<typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: false }>>['values']

export function parseFlags<T extends FlagSpec>(args: string[], options: T): Flags<T> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

export function integerFlag(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}; got "${value}"`)
  }
  return number
}
