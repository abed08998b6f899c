import { z } from 'zod'
import { parseOrigin } from '../config-values.ts'
import { type ImportData, plural } from './import-data.ts'
import {
  type SourceClient,
  type SourceClientOptions,
  SourceError,
  sourceClient,
} from './source-client.ts'
import {
  deckDetails,
  type Listed,
  listedDeck,
  listedRelease,
  toImportData,
} from './source-records.ts'

/**
 * Another site's `/v2` API (Ashes.live, or another Spellboard) read into import records: the
 * releases of both editions, every card (paging through `next`), and the preconstructed decks
 * with their details (First Five included) and their authors. Cards keep their JSON as the source
 * sends it; the order of releases is the source's listing order.
 */

export type ReadSourceOptions = SourceClientOptions & {
  /** A line per step read, with counts. */
  onProgress?: (line: string) => void
  /** Work under way: how many of how many (a bar, where the total is known). */
  onCount?: (task: string, done: number, total: number) => void
}

/**
 * The origin the operator named: `https://api.ashes.live`, a bare host (https), or the API's
 * address with `/v2`. Anything else (a path, a query, credentials, another scheme) is null.
 */
export function sourceOrigin(text: string): string | null {
  const trimmed = text.trim().replace(/\/+$/, '').replace(/\/v2$/, '')
  return parseOrigin(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`)
}

function readAs<T>(schema: z.ZodType<T>, answer: unknown, what: string, origin: string): T {
  const parsed = schema.safeParse(answer)
  if (!parsed.success) {
    throw new SourceError(`Source API at ${origin} sent an unreadable answer (GET ${what}).`)
  }
  return parsed.data
}

async function readReleases(client: SourceClient, origin: string) {
  const read = async (path: string) =>
    readAs(z.array(listedRelease), await client.get(path), path, origin)
  // One after the other: the first call also tells whether the source answers at all.
  const reborn = await read('/v2/releases')
  const legacy = await read('/v2/releases?show_legacy=true')
  // Legacy first: the older edition's releases came first.
  return [
    ...legacy.map((release, index) => ({
      release: { ...release, is_legacy: true },
      label: `/v2/releases?show_legacy=true [${index}]`,
    })),
    ...reborn.map((release, index) => ({
      release: { ...release, is_legacy: false },
      label: `/v2/releases [${index}]`,
    })),
  ]
}

/** Reads every release, card and precon of the site at `origin`; nothing is written here. */
export async function readSource(
  origin: string,
  options: ReadSourceOptions = {},
): Promise<ImportData> {
  const progress = options.onProgress ?? (() => {})
  const count = options.onCount ?? (() => {})
  const client = sourceClient(origin, options)
  const size = `limit=${options.limits?.pageSize ?? 100}`
  try {
    const releases = await readReleases(client, origin)
    const legacyReleases = releases.filter(({ release }) => release.is_legacy).length
    progress(`Releases: ${releases.length - legacyReleases} Reborn, ${legacyReleases} Legacy`)
    const listing = async (path: string, task: string): Promise<Listed<unknown>[]> => {
      const items = await client.pages(path, (done, total) => count(task, done, total))
      progress(`${task}: ${items.length}`)
      return items.map((item, index) => {
        const stub = (item as { stub?: unknown } | null)?.stub
        const named = typeof stub === 'string' && /^[a-z0-9-]{1,30}$/.test(stub) ? ` ${stub}` : ''
        return { item, label: `${task} [${index}]${named}` }
      })
    }
    const [reborn, legacy, rebornDecks, legacyDecks] = await Promise.all([
      listing(`/v2/cards?${size}`, 'Reborn cards'),
      listing(`/v2/cards?show_legacy=true&${size}`, 'Legacy cards'),
      listing(`/v2/decks?show_preconstructed=true&${size}`, 'Reborn precons'),
      listing(`/v2/decks?show_preconstructed=true&show_legacy=true&${size}`, 'Legacy precons'),
    ])
    const precons = [...rebornDecks, ...legacyDecks]
    let detailed = 0
    const details = await Promise.all(
      precons.map(async ({ item }) => {
        const path = `/v2/decks/${readAs(listedDeck, item, '/v2/decks', origin).id}`
        const deck = readAs(deckDetails, await client.get(path), path, origin)
        detailed += 1
        count('Precon details', detailed, precons.length)
        return deck
      }),
    )
    const badges = [...new Set(details.map(({ deck }) => deck.user.badge))]
    const players = await Promise.all(
      badges.map(async (badge) => {
        const path = `/v2/players/${encodeURIComponent(badge)}`
        return { path, player: await client.get(path) }
      }),
    )
    progress(
      `Precons: ${details.length} with their details, by ${plural(players.length, 'player')}`,
    )
    return toImportData(origin, {
      releases,
      cards: [
        ...reborn.map((card) => ({ ...card, isLegacy: false })),
        ...legacy.map((card) => ({ ...card, isLegacy: true })),
      ],
      precons: details,
      players,
    })
  } finally {
    await client.close()
  }
}
