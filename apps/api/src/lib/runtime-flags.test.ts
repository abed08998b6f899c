import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  EMBEDDED_DATABASE_FLAGS,
  HEAP_FLAGS,
  relaunchWith,
  relaunchWithRuntimeFlags,
  runtimeFlags,
} from './runtime-flags.ts'

describe('relaunchWithRuntimeFlags', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })
  const execve = () => vi.spyOn(process, 'execve').mockImplementation((() => undefined) as never)

  it('replaces the process with the same command plus the flags on the embedded database', () => {
    const replace = execve()
    relaunchWithRuntimeFlags({ DATA_DIR: '/srv/data' }, ['--enable-source-maps'])
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

  it('adds only the heap flags on PostgreSQL', () => {
    const replace = execve()
    const env = { DATABASE_URL: 'postgres://db/spellboard' }
    relaunchWithRuntimeFlags(env, [])
    expect(replace).toHaveBeenCalledWith(
      process.execPath,
      [process.execPath, ...HEAP_FLAGS, ...process.argv.slice(1)],
      env,
    )
    expect(runtimeFlags(env)).not.toContain('--liftoff-only')
  })

  it('adds only the flags missing, and leaves an operator’s own value after ours', () => {
    const replace = execve()
    relaunchWithRuntimeFlags({}, ['--liftoff-only', '--max-semi-space-size=32'])
    expect(replace.mock.calls[0]?.[1]).toEqual([
      process.execPath,
      '--max-semi-space-size=8',
      '--heap-growing-percent=25',
      '--no-allocation-site-pretenuring',
      '--liftoff-only',
      '--max-semi-space-size=32',
      ...process.argv.slice(1),
    ])
  })

  it('runs as started once the flags are there; an empty DATABASE_URL is the embedded one', () => {
    const replace = execve()
    relaunchWithRuntimeFlags({ DATABASE_URL: 'postgres://db/spellboard' }, [...HEAP_FLAGS])
    relaunchWithRuntimeFlags({ DATABASE_URL: '' }, [...EMBEDDED_DATABASE_FLAGS])
    expect(replace).not.toHaveBeenCalled()
    expect(runtimeFlags({ DATABASE_URL: '' })).toEqual(EMBEDDED_DATABASE_FLAGS)
  })
})

describe('relaunchWith', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('takes the flags it is given, whatever database the environment names', () => {
    const replace = vi.spyOn(process, 'execve').mockImplementation((() => undefined) as never)
    const env = { DATABASE_URL: 'postgres://db/spellboard' }
    relaunchWith(EMBEDDED_DATABASE_FLAGS, env, ['--max-semi-space-size=8'])
    expect(replace).toHaveBeenCalledWith(
      process.execPath,
      [
        process.execPath,
        '--liftoff-only',
        '--heap-growing-percent=25',
        '--no-allocation-site-pretenuring',
        '--max-semi-space-size=8',
        ...process.argv.slice(1),
      ],
      env,
    )
    replace.mockClear()
    relaunchWith(EMBEDDED_DATABASE_FLAGS, env, [...EMBEDDED_DATABASE_FLAGS])
    expect(replace).not.toHaveBeenCalled()
  })
})
