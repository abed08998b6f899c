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
          `The embedded database in ${dataDir} is in use by process ${holder}. ` +
            'Stop that process first, or use PostgreSQL (DATABASE_URL) to run several processes.',
        )
      }
      rmSync(file, { force: true })
    }
  }
  throw new DataDirBusyError(`Could not lock ${dataDir}`)
}
