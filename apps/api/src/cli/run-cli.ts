import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { ConfigError, parseConfig, resolveFromInvocation } from '../config.ts'
import { type Database, openDatabase } from '../db/client.ts'
import { migrate } from '../db/migrate.ts'
import { importFolder } from '../import/import-folder.ts'
import { ImportError } from '../import/read-folder.ts'
import { CommandError, createUser, type PlayerSummary, setLogIn } from './accounts.ts'

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  import <folder>
      Import releases.json, cards.json and, when present, users.json and decks.json from
      <folder> (relative to where you ran npm). Safe to repeat: records are updated in place.
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

function parse(args: string[], options: typeof PLAYER_OPTIONS | Record<string, never>) {
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

const COMMANDS: Record<string, (args: string[], output: Output) => Work> = {
  import(args, output) {
    const { positionals } = parse(args, {})
    if (positionals.length !== 1) throw new UsageError('import takes exactly one folder')
    const folder = resolveFromInvocation(positionals[0] ?? '')
    if (!existsSync(folder)) throw new CommandError(`no such folder: ${folder}`)
    return async (database) => {
      await importFolder(database, folder, { onProgress: (line) => output.log(line) })
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

/** Where the commands write; the entry point passes the console. */
export type Output = { log: (line: string) => void; error: (line: string) => void }

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
