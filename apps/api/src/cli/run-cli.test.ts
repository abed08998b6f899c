import { describe, expect, it } from 'vitest'
import { runCli } from './run-cli.ts'

async function run(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(argv, {
    log: (line) => out.push(line),
    error: (line) => err.push(line),
  })
  return { code, stdout: out.join('\n'), stderr: err.join('\n') }
}

// Arguments are checked before any database is opened, so these need none.
describe('runCli arguments', () => {
  it.each<[string, string[], number, RegExp]>([
    ['no command', [], 2, /no command given[\s\S]*Usage: npm run cli -- <command>/],
    ['an unknown command', ['launch'], 2, /unknown command launch[\s\S]*Usage/],
    ['an unknown option', ['create-user', '--colour', 'red'], 2, /Unknown option '--colour'/],
    [
      'a missing option',
      ['create-user', '--email', 'a@example.org'],
      2,
      /missing --username, --password/,
    ],
    ['a stray argument', ['set-login', 'extra'], 2, /unexpected argument extra/],
    ['import without a folder', ['import'], 2, /import takes exactly one folder/],
    ['import of two folders', ['import', 'a', 'b'], 2, /import takes exactly one folder/],
    [
      'a folder that does not exist',
      ['import', '/no/such/folder'],
      1,
      /no such folder: \/no\/such\/folder/,
    ],
  ])('refuses %s', async (_, argv, code, message) => {
    const result = await run(...argv)
    expect(result.code).toBe(code)
    expect(result.stderr).toMatch(message)
    expect(result.stdout).toBe('')
  })

  it('prints the usage on --help', async () => {
    const result = await run('--help')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /set-login --badge <badge> --email <e-mail> --password <password>/,
    )
  })
})
