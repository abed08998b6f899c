import type { DeckSaveOut } from '@spellboard/core/decks'
import type { Queryable } from '../../db/client.ts'
import type { Catalogue } from '../cards/catalogue.ts'
import { loadContents } from './contents.ts'
import { deckSaveOut } from './output.ts'
import { deckById, findDeck } from './rows.ts'

/**
 * DeckSaveOut (FULL) of one deck, as the save, clone and snapshot-edit calls answer. The share
 * uuid stays null there: clients keep the one the details call gave them.
 */
export async function readDeckSaveOut(
  db: Queryable,
  catalogue: Catalogue,
  deckId: number,
): Promise<DeckSaveOut> {
  const row = await findDeck(db, deckById(deckId))
  if (!row) throw new Error(`deck ${deckId} vanished`)
  const loaded = await loadContents(db, catalogue, [row], { selected: true })
  return deckSaveOut(row, loaded, { mode: 'full' })
}
