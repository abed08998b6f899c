import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The data folder holds the database, the secret key and the mail outbox (reset links): only
 * the server's own user may read any of it. Folders are made 0700 (one that exists is
 * narrowed), files 0600, whatever the umask.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700)
}

export function writePrivateFile(
  file: string,
  data: string,
  options: { flag?: string } = {},
): void {
  writeFileSync(file, data, { mode: 0o600, ...options })
  chmodSync(file, 0o600)
}

/**
 * The embedded database unpacks its initial files readable (even writable) by everyone; the
 * files PostgreSQL creates afterwards are 0600 by its own rule. Run once the database is
 * open, this narrows whatever is there, including folders of older versions.
 */
export function keepDatabaseFilesPrivate(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name)
    if (entry.isDirectory()) chmodSync(file, 0o700)
    else if (entry.isFile()) chmodSync(file, 0o600)
  }
}
