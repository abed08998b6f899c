import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { writePrivateFile } from '../lib/private-files.ts'

export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError'
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** What the holding process is, when the system says (Linux's /proc), for the operator. */
function describeProcess(pid: number): string {
  let commandLine = ''
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return `process ${pid}`
  }
  if (/server\.ts\b/.test(commandLine)) return `process ${pid} (the Spellboard server, npm start)`
  if (/cli[\\/]main\.ts\b/.test(commandLine)) {
    return `process ${pid} (a Spellboard command, npm run cli or import)`
  }
  return `process ${pid}`
}

/**
 * PGlite is a single-process database: two processes writing one data folder would corrupt it.
 * The lock names the holder so the operator knows what to stop; a lock left by a dead process
 * (kill -9) is taken over.
 */
export function acquireDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writePrivateFile(file, String(process.pid), { flag: 'wx' })
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10)
      if (Number.isFinite(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirBusyError(
          `The embedded database in ${dataDir} is in use by ${describeProcess(holder)}, and it ` +
            `serves one process at a time: stop that process (kill ${holder}), run this again ` +
            'and start it afterwards, or use PostgreSQL (DATABASE_URL), where commands and ' +
            'several servers run side by side.',
        )
      }
      rmSync(file, { force: true })
    }
  }
  throw new DataDirBusyError(`Could not lock ${dataDir}`)
}
