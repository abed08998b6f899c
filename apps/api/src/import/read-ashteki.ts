import { readdirSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import {
  checkImportData,
  type ImportData,
  ImportError,
  parseRecords,
  type RecordLabels,
  readJsonFile,
} from './import-data.ts'
import {
  type CardRecord,
  cardRecord,
  type DeckRecord,
  deckRecord,
  type ReleaseRecord,
  releaseRecord,
  type UserRecord,
} from './records.ts'

/**
 * A clone of Ashteki's repository (the online play client), read as it is: `data/cards/
 * all-cards.json` holds `{"results": [...]}`, Reborn cards in the card JSON of API.md §5.2, and
 * each `data/decks/precon-*.json` a list of preconstructed decks (`precon_id`, `name`,
 * `phoenixborn`, `dicepool`, `cards` with `ff` marking the First Five, `conjurations`). Releases
 * come from the cards' `release`, and a deck's release is its Phoenixborn's. A deck naming a card
 * the files lack is left out and named in the summary; everything else is checked as strictly as
 * a folder of §12.
 */

export const ASHTEKI_CARDS = path.join('data', 'cards', 'all-cards.json')
const DECKS_FOLDER = path.join('data', 'decks')
const PRECON_FILE = /^precon-.+\.json$/

/**
 * Ashteki's precons become decks with ids of their own range (a private deck and its published
 * snapshot per `precon_id`), apart from the ids of Ashes.live and its example data.
 */
const DECK_ID_BASE = 1_000_000_000
const MAX_PRECON_ID = 500_000_000

/** The imported player who publishes Ashteki's precons; imported players cannot log in. */
const OWNER: UserRecord = { username: 'Ashteki', badge: 'ashteki', description: null }

const releaseOfCard = z.object({ name: z.string(), stub: z.string() })
const cardFile = z.object({ results: z.array(z.unknown()) })
const deckEntry = z.object({ id: z.string(), count: z.number().int() })
const ashtekiDeck = z.object({
  precon_id: z.number().int().positive().max(MAX_PRECON_ID),
  name: z.string(),
  phoenixborn: z.array(deckEntry).length(1),
  dicepool: z.array(z.object({ magic: z.string(), count: z.number().int() })),
  cards: z.array(deckEntry.extend({ ff: z.boolean().optional() })),
  conjurations: z.array(deckEntry).optional(),
})
type AshtekiDeck = z.infer<typeof ashtekiDeck>

const MISSING_SHOWN = 5

type AshtekiCards = {
  cards: CardRecord[]
  /** Release names by stub, as the cards give them. */
  releaseNames: Map<string, string>
  at: string[]
}

function readCards(folder: string, problems: string[]): AshtekiCards {
  const file = ASHTEKI_CARDS.split(path.sep).join('/')
  const releaseNames = new Map<string, string>()
  const content = readJsonFile(path.join(folder, ASHTEKI_CARDS), file, problems)
  const parsed = cardFile.safeParse(content)
  if (!parsed.success) {
    if (content !== undefined) problems.push(`${file}: expected {"results": [cards]}`)
    return { cards: [], releaseNames, at: [] }
  }
  const at = parsed.data.results.map((_, index) => `${file} results[${index}]`)
  const items = parsed.data.results.map((item, index) => {
    const release = releaseOfCard.safeParse((item as { release?: unknown } | null)?.release)
    if (!release.success) {
      problems.push(`${at[index]}.release: expected {name, stub}`)
      return item
    }
    const { name, stub } = release.data
    const known = releaseNames.get(stub)
    if (known !== undefined && known !== name) {
      problems.push(`${at[index]}.release.name: release ${stub} is also named ${known}`)
    }
    releaseNames.set(stub, name)
    return { ...(item as object), is_legacy: false, release_stub: stub }
  })
  const cards = parseRecords(items, cardRecord, (index) => at[index] ?? file, problems)
  return { cards, releaseNames, at }
}

type Precon = { deck: AshtekiDeck; at: string }

function readDecks(folder: string, problems: string[]): Precon[] {
  const decksFolder = path.join(folder, DECKS_FOLDER)
  let files: string[] = []
  try {
    files = readdirSync(decksFolder).filter((name) => PRECON_FILE.test(name))
  } catch {
    return []
  }
  return files.sort().flatMap((name) => {
    const file = `data/decks/${name}`
    const parsed = readJsonFile(path.join(decksFolder, name), file, problems)
    if (parsed === undefined) return []
    if (!Array.isArray(parsed)) {
      problems.push(`${file}: expected a JSON array of decks`)
      return []
    }
    return parsed.flatMap((item, index) => {
      const at = `${file}[${index}]`
      return parseRecords([item], ashtekiDeck, () => at, problems).map((deck) => ({ deck, at }))
    })
  })
}

/** Releases named by the cards, in the order of Ashteki's precon ids, then the others by name. */
function releasesOf(
  names: Map<string, string>,
  cards: CardRecord[],
  precons: Precon[],
): ReleaseRecord[] {
  const releaseOf = new Map(cards.map((card) => [card.stub, card.release_stub]))
  const firstPrecon = new Map<string, number>()
  for (const { deck } of precons) {
    const release = releaseOf.get(deck.phoenixborn[0]?.id ?? '')
    if (release === undefined) continue
    firstPrecon.set(release, Math.min(firstPrecon.get(release) ?? Infinity, deck.precon_id))
  }
  const order = [...names].sort(
    ([stubA, nameA], [stubB, nameB]) =>
      (firstPrecon.get(stubA) ?? Infinity) - (firstPrecon.get(stubB) ?? Infinity) ||
      (nameA < nameB ? -1 : nameA > nameB ? 1 : 0),
  )
  return order.map(([stub, name], index) => ({
    source_id: index + 1,
    stub,
    name,
    is_legacy: false,
    is_public: true,
    is_phg: false,
    is_promo: false,
    is_retiring: false,
  }))
}

/** The private deck and its published snapshot that stand for one precon. */
function deckRecords(deck: AshtekiDeck, releaseOf: Map<string, string>): unknown[] {
  const phoenixborn = deck.phoenixborn[0]?.id ?? ''
  const working = DECK_ID_BASE + 2 * deck.precon_id
  const shared = {
    title: deck.name,
    description: null,
    is_legacy: false,
    phoenixborn,
    dice: deck.dicepool.map((die) => ({ name: die.magic, count: die.count })),
    cards: deck.cards.map((card) => ({ stub: card.id, count: card.count })),
    // `ff` marks carry no order: the First Five lists them by stub.
    first_five: deck.cards
      .filter((card) => card.ff)
      .map((card) => card.id)
      .sort(),
    user: OWNER.badge,
  }
  return [
    {
      ...shared,
      source_id: working,
      is_public: false,
      is_snapshot: false,
      source_deck_id: null,
      is_preconstructed: false,
      preconstructed_release: null,
    },
    {
      ...shared,
      source_id: working + 1,
      is_public: true,
      is_snapshot: true,
      source_deck_id: working,
      is_preconstructed: true,
      preconstructed_release: releaseOf.get(phoenixborn) ?? null,
    },
  ]
}

/** Reads and checks a clone of Ashteki's repository; nothing is written here. */
export function readAshtekiFolder(folder: string): ImportData {
  const problems: string[] = []
  const { cards, releaseNames, at: cardAt } = readCards(folder, problems)
  const precons = readDecks(folder, problems)
  if (problems.length > 0) throw new ImportError(problems)
  const releaseItems = releasesOf(releaseNames, cards, precons)
  const releaseAt = (index: number) =>
    `release ${releaseItems[index]?.stub ?? index} of ${ASHTEKI_CARDS}`
  const releases = parseRecords(releaseItems, releaseRecord, releaseAt, problems)

  const stubs = new Set(cards.map((card) => card.stub))
  const releaseOf = new Map(cards.map((card) => [card.stub, card.release_stub]))
  const skipped: string[] = []
  const kept = precons.filter(({ deck, at }) => {
    const named = [deck.phoenixborn, deck.cards, deck.conjurations ?? []].flat()
    const missing = [...new Set(named.map((entry) => entry.id).filter((id) => !stubs.has(id)))]
    if (missing.length === 0) return true
    const more = missing.length - MISSING_SHOWN
    skipped.push(
      `${deck.name} (${at}): ${missing.length === 1 ? 'a card' : `${missing.length} cards`} ` +
        `missing from ${ASHTEKI_CARDS}: ${missing.slice(0, MISSING_SHOWN).join(', ')}` +
        (more > 0 ? ` and ${more} more` : ''),
    )
    return false
  })
  const deckAt = kept.flatMap(({ at }) => [`${at} (private deck)`, `${at} (published)`])
  const decks: DeckRecord[] = parseRecords(
    kept.flatMap(({ deck }) => deckRecords(deck, releaseOf)),
    deckRecord,
    (index) => deckAt[index] ?? DECKS_FOLDER,
    problems,
  )
  if (problems.length > 0) throw new ImportError(problems)

  const labels: RecordLabels = {
    releases: { name: `releases of ${ASHTEKI_CARDS}`, at: releaseAt },
    cards: { name: ASHTEKI_CARDS, at: (index) => cardAt[index] ?? ASHTEKI_CARDS },
    decks: { name: `${DECKS_FOLDER}/precon-*.json`, at: (index) => deckAt[index] ?? DECKS_FOLDER },
    users: { name: 'owner of the precons', at: () => `the player who publishes the precons` },
  }
  const data: ImportData = {
    source: folder,
    releases,
    cards,
    decks,
    users: decks.length > 0 ? [OWNER] : [],
    skipped,
    rules: { releaseOrder: 'order', cardJson: 'derived', deckIdentity: 'source-id' },
    labels,
  }
  checkImportData(data)
  return data
}
