import { existsSync } from 'node:fs'
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { ConfigError, parseConfig, resolveFromInvocation } from '../config.ts'
import { type Database, openDatabase } from '../db/client.ts'
import { migrate } from '../db/migrate.ts'
import { ImportError } from '../import/import-data.ts'
import { importFolder } from '../import/import-folder.ts'
import { importFromSite } from '../import/import-site.ts'
import { sourceOrigin } from '../import/read-source.ts'
import { SourceError } from '../import/source-client.ts'
import { catalogueStatus } from '../import/status.ts'
import type { ImportSummary } from '../import/write-import.ts'
import { EMBEDDED_TEMPLATE_DIR } from '../paths.ts'
import { CommandError, createUser, type PlayerSummary, setLogIn } from './accounts.ts'
import type { Progress } from './progress.ts'
import { statusLines, summaryLines } from './report.ts'

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  import --from <URL>
      Import the releases, cards (Reborn and Legacy) and preconstructed decks of a site that
      speaks the /v2 API: https://api.ashes.live, or another Spellboard.
  import <folder>
      Import releases.json, cards.json and, when present, users.json and decks.json from
      <folder> (relative to where you ran npm), or a clone of Ashteki's repository (its
      data/cards/all-cards.json and data/decks/precon-*.json). Safe to repeat: records are
      updated in place.
  status
      What the catalogue holds: releases, cards and precons of each edition, the last import.
  create-user --email <e-mail> --username <name> --password <password> [--admin]
      Create a player who can log in at once.
  set-login --badge <badge> --email <e-mail> --password <password> [--admin]
      Give an existing player, e.g. an imported one, an e-mail and a password.

The database is the server's: DATA_DIR (embedded) or DATABASE_URL. Stop a server that uses
the embedded database first.`

/** Wrong arguments: the usage text follows the message. */
class UsageError extends Error {
  override name = 'UsageError'
}

/** Arguments are checked before the database is opened; the work runs once it is. */
type Work = (database: Database) => Promise<void>

const PLAYER_OPTIONS = {
  email: { type: 'string' },
  username: { type: 'string' },
  password: { type: 'string' },
  badge: { type: 'string' },
  admin: { type: 'boolean' },
} as const

const IMPORT_OPTIONS = { from: { type: 'string' } } as const

function parse<const O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: O,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

function required(values: Record<string, unknown>, names: string[]): string[] {
  const missing = names.filter((name) => typeof values[name] !== 'string' || values[name] === '')
  if (missing.length > 0) {
    throw new UsageError(`missing ${missing.map((name) => `--${name}`).join(', ')}`)
  }
  return names.map((name) => values[name] as string)
}

function noPositionals(positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`)
}

const describe = (player: PlayerSummary) =>
  `${player.username}#${player.badge} <${player.email}>${player.isAdmin ? ' (admin)' : ''}`

/** The import's progress goes to `output.progress`, its summary to `output.log`. */
async function report(
  database: Database,
  output: Output,
  run: (progress: Progress) => Promise<ImportSummary>,
) {
  const progress = output.progress ?? {
    line: (text: string) => output.error(text),
    count: () => {},
    end: () => {},
  }
  let summary: ImportSummary
  try {
    summary = await run(progress)
  } finally {
    progress.end()
  }
  for (const line of summaryLines(summary, await catalogueStatus(database.db))) output.log(line)
}

const COMMANDS: Record<string, (args: string[], output: Output) => Work> = {
  import(args, output) {
    const { values, positionals } = parse(args, IMPORT_OPTIONS)
    if (values.from !== undefined) {
      noPositionals(positionals)
      const origin = sourceOrigin(values.from)
      if (!origin) {
        throw new UsageError(
          `--from needs the address of a site, like https://api.ashes.live (not ${values.from})`,
        )
      }
      return (database) =>
        report(database, output, (progress) =>
          importFromSite(database, origin, {
            onProgress: progress.line,
            onCount: progress.count,
            onWait: (seconds) => progress.line(`${origin} asked to wait ${seconds} s; waiting`),
          }),
        )
    }
    if (positionals.length !== 1) {
      throw new UsageError('import takes exactly one folder, or --from <URL>')
    }
    const folder = resolveFromInvocation(positionals[0] ?? '')
    if (!existsSync(folder)) throw new CommandError(`no such folder: ${folder}`)
    return (database) =>
      report(database, output, (progress) =>
        importFolder(database, folder, { onProgress: progress.line }),
      )
  },
  status(args, output) {
    const { positionals } = parse(args, {})
    noPositionals(positionals)
    return async (database) => {
      for (const line of statusLines(await catalogueStatus(database.db))) output.log(line)
    }
  },
  'create-user'(args, output) {
    const { values, positionals } = parse(args, PLAYER_OPTIONS)
    noPositionals(positionals)
    const [email = '', username = '', password = ''] = required(values, [
      'email',
      'username',
      'password',
    ])
    return async (database) => {
      const player = await createUser(database.db, {
        email,
        username,
        password,
        isAdmin: values.admin === true,
      })
      output.log(`Created ${describe(player)}`)
    }
  },
  'set-login'(args, output) {
    const { values, positionals } = parse(args, PLAYER_OPTIONS)
    noPositionals(positionals)
    const [badge = '', email = '', password = ''] = required(values, ['badge', 'email', 'password'])
    return async (database) => {
      const player = await setLogIn(database.db, {
        badge,
        email,
        password,
        isAdmin: values.admin === true,
      })
      output.log(`${describe(player)} can now log in`)
    }
  },
}

/**
 * Where the commands write; the entry point passes the console, and stderr for the import's
 * progress (without it, progress goes to `error` as plain lines).
 */
export type Output = {
  log: (line: string) => void
  error: (line: string) => void
  progress?: Progress
}

async function main(argv: string[], output: Output): Promise<number> {
  const [name, ...args] = argv
  if (name === 'help' || name === '--help' || name === '-h') {
    output.log(USAGE)
    return 0
  }
  if (name === undefined) throw new UsageError('no command given')
  const command = COMMANDS[name]
  if (!command) throw new UsageError(`unknown command ${name}`)
  const work = command(args, output)
  const config = parseConfig()
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    template: EMBEDDED_TEMPLATE_DIR,
  })
  try {
    await migrate(database)
    await work(database)
  } finally {
    await database.close()
  }
  return 0
}

/** Runs one command; returns the exit code: 0 done, 1 the work failed, 2 wrong arguments. */
export async function runCli(argv: string[], output: Output): Promise<number> {
  try {
    return await main(argv, output)
  } catch (error) {
    if (error instanceof UsageError) {
      output.error(`Error: ${error.message}\n\n${USAGE}`)
      return 2
    }
    if (error instanceof ImportError) {
      output.error(`Import refused, nothing was changed:\n${error.message}`)
    } else if (error instanceof SourceError) {
      output.error(`Import failed, nothing was changed: ${error.message}`)
    } else if (
      error instanceof CommandError ||
      error instanceof ConfigError ||
      (error instanceof Error && error.name === 'DataDirBusyError')
    ) {
      output.error(`Error: ${error.message}`)
    } else {
      output.error(error instanceof Error ? (error.stack ?? error.message) : String(error))
    }
    return 1
  }
}
