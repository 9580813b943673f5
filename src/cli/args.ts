import { parseArgs, type ParseArgsConfig } from 'node:util'
import { didYouMean } from './did-you-mean.js'

/**
 * A usage mistake: exit code 2, never a stack trace. Printed as one line, so that it stays on
 * screen, pointing to the command's --help unless the message alone says what to fix (a file
 * that does not exist).
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly pointToHelp = true,
  ) {
    super(message)
  }
}

/** Writes the one line of a usage mistake of `sitemock <command>`; its exit code is 2. */
export function reportUsageError(command: string, error: UsageError): 2 {
  const help = error.pointToHelp ? `; sitemock ${command} --help lists the options` : ''
  process.stderr.write(`sitemock ${command}: ${error.message}${help}\n`)
  return 2
}

type FlagSpec = NonNullable<ParseArgsConfig['options']>
type Flags<T extends FlagSpec> = ReturnType<typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: false }>>['values']

export function parseFlags<T extends FlagSpec>(args: string[], options: T): Flags<T> {
  const attached = attachNegativeNumbers(args, options)
  refuseUnknownOptions(attached, options)
  try {
    return parseArgs({ args: attached, options, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new UsageError(parserMessage(error as Error & { code?: string }))
  }
}

/** The first option the command does not have, named with the one it most likely meant. */
function refuseUnknownOptions(args: string[], options: FlagSpec): void {
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true })
  const names = Object.keys(options).map((name) => `--${name}`)
  for (const token of tokens) {
    if (token.kind === 'option' && !Object.hasOwn(options, token.name)) throw new UsageError(`unknown option ${token.rawName}${didYouMean(token.rawName, names)}`)
  }
}

/** node's parser speaks of its own API ("positional arguments"); these say it as a command line does. */
function parserMessage(error: Error & { code?: string }): string {
  const positional = /^Unexpected argument '(.*)'/.exec(error.message)
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && positional) return `unexpected argument "${positional[1]}"; every value follows its --option`
  const missing = /^Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(error.message)
  if (missing) return `${missing[1]} needs a value`
  return error.message
}

/** A flag's value from a fixed list; a mistyped one is named with the value it most likely meant. */
export function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}; got "${value}"${didYouMean(value, allowed)}`)
  return value as T
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
