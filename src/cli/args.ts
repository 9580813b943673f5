import { parseArgs, type ParseArgsConfig } from 'node:util'

/**
 * A usage mistake: exit code 2, never a stack trace. Printed with the command's help, unless
 * the message alone says what to fix (a file that does not exist).
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly showHelp = true,
  ) {
    super(message)
  }
}

type FlagSpec = NonNullable<ParseArgsConfig['options']>
type Flags<T extends FlagSpec> = ReturnType<typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: false }>>['values']

export function parseFlags<T extends FlagSpec>(args: string[], options: T): Flags<T> {
  try {
    return parseArgs({ args: attachNegativeNumbers(args, options), options, strict: true, allowPositionals: false }).values
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

/**
 * "--pages -1" as "--pages=-1": parseArgs reads a value that starts with "-" as an ambiguous
 * flag, which would hide the range message the value deserves behind a parser's complaint.
 */
function attachNegativeNumbers(args: string[], options: FlagSpec): string[] {
  const out: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const next = args[i + 1]
    if (arg.startsWith('--') && options[arg.slice(2)]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`)
      i++
    } else out.push(arg)
  }
  return out
}
