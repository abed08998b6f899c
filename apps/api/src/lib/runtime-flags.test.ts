import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMBEDDED_DATABASE_FLAGS, relaunchForEmbeddedDatabase } from './runtime-flags.ts'

describe('relaunchForEmbeddedDatabase', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })
  const execve = () => vi.spyOn(process, 'execve').mockImplementation((() => undefined) as never)

  it('replaces the process with the same command plus the flags on the embedded database', () => {
    const replace = execve()
    relaunchForEmbeddedDatabase({ DATA_DIR: '/srv/data' }, ['--enable-source-maps'])
    expect(replace).toHaveBeenCalledWith(
      process.execPath,
      [
        process.execPath,
        ...EMBEDDED_DATABASE_FLAGS,
        '--enable-source-maps',
        ...process.argv.slice(1),
      ],
      { DATA_DIR: '/srv/data' },
    )
  })

  it('adds only the flags missing, and leaves an operator’s own value after ours', () => {
    const replace = execve()
    relaunchForEmbeddedDatabase({}, ['--liftoff-only', '--max-semi-space-size=32'])
    expect(replace.mock.calls[0]?.[1]).toEqual([
      process.execPath,
      '--max-semi-space-size=16',
      '--liftoff-only',
      '--max-semi-space-size=32',
      ...process.argv.slice(1),
    ])
  })

  it('runs as started on PostgreSQL, or once the flags are there', () => {
    const replace = execve()
    relaunchForEmbeddedDatabase({ DATABASE_URL: 'postgres://db/spellboard' }, [])
    relaunchForEmbeddedDatabase({ DATABASE_URL: '' }, [...EMBEDDED_DATABASE_FLAGS])
    expect(replace).not.toHaveBeenCalled()
  })
})
