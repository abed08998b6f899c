import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Database } from '../src/db/client.ts'
import { importFolder } from '../src/import/import-folder.ts'

/** The few cards and releases that permission tests touch, imported like any catalogue. */
export const MATRIX_CATALOGUE = {
  release: 'matrix-set',
  phoenixborn: 'aradel-matrix',
  card: 'matrix-knight',
} as const

const release = (stub: string, name: string, isPublic: boolean) => ({
  source_id: isPublic ? 1 : 2,
  stub,
  name,
  is_legacy: false,
  is_public: isPublic,
  is_phg: false,
  is_promo: false,
  is_retiring: false,
})

export async function importMatrixCatalogue(database: Database): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'spellboard-matrix-'))
  try {
    writeFileSync(
      path.join(folder, 'releases.json'),
      JSON.stringify([
        release(MATRIX_CATALOGUE.release, 'Matrix Set', true),
        release('matrix-future', 'Matrix Future', false),
      ]),
    )
    writeFileSync(
      path.join(folder, 'cards.json'),
      JSON.stringify([
        {
          name: 'Aradel Matrix',
          stub: MATRIX_CATALOGUE.phoenixborn,
          type: 'Phoenixborn',
          is_legacy: false,
          release_stub: MATRIX_CATALOGUE.release,
          battlefield: 5,
          life: 16,
          spellboard: 4,
          text: 'Water Blast: [[side]] - [[exhaust]]: Deal 2 damage to a target unit.',
        },
        {
          name: 'Matrix Knight',
          stub: MATRIX_CATALOGUE.card,
          type: 'Ally',
          is_legacy: false,
          release_stub: MATRIX_CATALOGUE.release,
          placement: 'Battlefield',
          cost: ['[[main]]', '1 [[natural:class]]'],
          dice: ['natural'],
          magicCost: { 'natural:class': 1 },
          text: 'Unit guard',
          attack: 3,
          life: 2,
          recover: 0,
        },
      ]),
    )
    await importFolder(database, folder)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
