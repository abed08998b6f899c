import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, queryRows } from './client.ts'
import { buildEmbeddedTemplate } from './template.ts'

/** The migrated database `npm run build` makes, and a new data folder starting from it. */
describe('the embedded database template', () => {
  let folder: string
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'spellboard-template-'))
    await buildEmbeddedTemplate(path.join(folder, 'template'))
  }, 120_000)
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  const migrationsRun = async (dataDir: string, template?: string) => {
    const database = await openDatabase({ dataDir, ...(template ? { template } : {}) })
    try {
      const [row] = await queryRows<{ tables: number }>(
        database.db,
        sql`select count(*)::int as tables from information_schema.tables where table_name = 'card'`,
      )
      const [buffers] = await queryRows<{ shared_buffers: string }>(
        database.db,
        sql`show shared_buffers`,
      )
      return { hasCardTable: row?.tables === 1, sharedBuffers: buffers?.shared_buffers }
    } finally {
      await database.close()
    }
  }

  it('gives a new data folder every table before any migration runs', async () => {
    const started = await migrationsRun(
      path.join(folder, 'from-template'),
      path.join(folder, 'template'),
    )
    expect(started).toEqual({ hasCardTable: true, sharedBuffers: '16MB' })
  }, 120_000)

  it('leaves a folder that already holds a database as it is, and a missing template to initdb', async () => {
    const empty = path.join(folder, 'without-template')
    expect(await migrationsRun(empty, path.join(folder, 'no-such-template'))).toEqual({
      hasCardTable: false,
      sharedBuffers: '16MB',
    })
    // Opened again with a template, it is no longer new: nothing is copied over it.
    expect(await migrationsRun(empty, path.join(folder, 'template'))).toEqual({
      hasCardTable: false,
      sharedBuffers: '16MB',
    })
  }, 120_000)
})
