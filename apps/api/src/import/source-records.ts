import { z } from 'zod'
import {
  checkImportData,
  type ImportData,
  ImportError,
  parseRecords,
  type RecordLabels,
} from './import-data.ts'
import { cardRecord, deckRecord, releaseRecord, userRecord } from './records.ts'
import { edition } from './upsert.ts'

/**
 * What another site's `/v2` API answered, turned into import records: the shapes read from each
 * answer, and how a card finds its release and a precon its release.
 */

export const listedRelease = z.object({
  name: z.string(),
  stub: z.string(),
  is_legacy: z.boolean(),
})
export const listedDeck = z.object({ id: z.number().int().positive() })
const releaseFlags = z.object({
  stub: z.string(),
  name: z.string(),
  is_phg: z.boolean().optional(),
  is_promo: z.boolean().optional(),
  is_retiring: z.boolean().optional(),
})
export const deckDetails = z.object({
  deck: z.object({
    id: z.number().int().positive(),
    source_id: z.number().int().positive().nullable(),
    title: z.string().nullable(),
    description: z.string().nullable().optional(),
    created: z.string(),
    modified: z.string(),
    is_legacy: z.boolean().nullable().optional(),
    user: z.object({ username: z.string(), badge: z.string() }),
    phoenixborn: z.object({ stub: z.string() }),
    dice: z.array(z.object({ name: z.string(), count: z.number() })).nullable(),
    cards: z.array(z.object({ stub: z.string(), count: z.number() })),
    first_five: z.array(z.string()).nullable().optional(),
    effect_costs: z.array(z.string()).nullable().optional(),
    tutor_map: z.record(z.string(), z.string()).nullable().optional(),
  }),
  releases: z
    .array(z.object({ stub: z.string(), preconstructed_deck_id: z.number().nullable() }))
    .optional(),
})
export type Precon = z.infer<typeof deckDetails>

export type Listed<T> = { item: T; label: string }

/** The release a card names: by stub, else by name (a Legacy promo may embed an old stub). */
function releaseResolver(releases: { stub: string; name: string; is_legacy: boolean }[]) {
  const byStub = new Map(releases.map((r) => [`${r.is_legacy}|${r.stub}`, r]))
  const byName = new Map(releases.map((r) => [`${r.is_legacy}|${r.name}`, r]))
  return (isLegacy: boolean, named: { stub: string; name: string }) =>
    byStub.get(`${isLegacy}|${named.stub}`) ?? byName.get(`${isLegacy}|${named.name}`)
}

/**
 * The release each precon belongs to. The wire never says it outright, but the details of a deck
 * name, for each release it needs, the precon built for that release, unless that is the deck
 * viewed. A precon belongs to the release of its Phoenixborn, unless the details show that
 * release has no precon: precons of other releases see none for it, or every one of its own
 * precons sees none (were one of them the release's, the others would name it). So the Core Set
 * and Master Set precons of Ashes.live stay without a release, as there.
 */
function preconReleases(
  precons: Precon[],
  releaseOf: (deck: Precon['deck']) => string | undefined,
): (precon: Precon) => string | null {
  const seen = new Map<string, { others: (number | null)[]; own: (number | null)[] }>()
  for (const { deck, releases } of precons) {
    const own = releaseOf(deck)
    for (const release of releases ?? []) {
      const key = `${deck.is_legacy === true}|${release.stub}`
      const views = seen.get(key) ?? { others: [], own: [] }
      views[release.stub === own ? 'own' : 'others'].push(release.preconstructed_deck_id)
      seen.set(key, views)
    }
  }
  const none = (ids: (number | null)[], least: number) =>
    ids.length >= least && ids.every((id) => id === null)
  return ({ deck }) => {
    const release = releaseOf(deck)
    if (release === undefined) return null
    const views = seen.get(`${deck.is_legacy === true}|${release}`)
    return views && (none(views.others, 1) || none(views.own, 2)) ? null : release
  }
}

export type SourceAnswers = {
  releases: { release: z.infer<typeof listedRelease>; label: string }[]
  cards: (Listed<unknown> & { isLegacy: boolean })[]
  precons: Precon[]
  players: { path: string; player: unknown }[]
}

export function toImportData(origin: string, answers: SourceAnswers): ImportData {
  const problems: string[] = []
  const resolve = releaseResolver(answers.releases.map(({ release }) => release))
  const flags = new Map<string, z.infer<typeof releaseFlags>>()
  const cardItems = answers.cards.map(({ item, label, isLegacy }) => {
    const named = releaseFlags.safeParse((item as { release?: unknown } | null)?.release)
    const release = named.success ? resolve(isLegacy, named.data) : undefined
    if (!release) {
      problems.push(`${label}.release: no ${edition(isLegacy)} release of /v2/releases`)
      return item
    }
    if (named.success && !flags.has(`${isLegacy}|${release.stub}`)) {
      flags.set(`${isLegacy}|${release.stub}`, named.data)
    }
    return { ...(item as object), is_legacy: isLegacy, release_stub: release.stub }
  })
  const cardLabels = answers.cards.map(({ label }) => label)
  const cards = parseRecords(cardItems, cardRecord, (i) => cardLabels[i] ?? 'card', problems)

  const releaseLabels = answers.releases.map(({ label }) => label)
  const releases = parseRecords(
    answers.releases.map(({ release }, index) => {
      const known = flags.get(`${release.is_legacy}|${release.stub}`)
      return {
        source_id: index + 1,
        stub: release.stub,
        name: release.name,
        is_legacy: release.is_legacy,
        is_public: true,
        is_phg: release.is_legacy && (known?.is_phg ?? false),
        is_promo: release.is_legacy && (known?.is_promo ?? false),
        is_retiring: release.is_legacy && (known?.is_retiring ?? false),
      }
    }),
    releaseRecord,
    (i) => releaseLabels[i] ?? 'release',
    problems,
  )

  const releaseOfCard = new Map(
    cards.map((card) => [`${card.is_legacy}|${card.stub}`, card.release_stub]),
  )
  const preconRelease = preconReleases(answers.precons, (deck) =>
    releaseOfCard.get(`${deck.is_legacy === true}|${deck.phoenixborn.stub}`),
  )
  const deckLabels: string[] = []
  const deckItems = answers.precons.flatMap((details) => {
    const { deck } = details
    const isLegacy = deck.is_legacy === true
    const shared = {
      title: deck.title,
      description: deck.description ?? null,
      is_legacy: isLegacy,
      created: deck.created,
      modified: deck.modified,
      phoenixborn: deck.phoenixborn.stub,
      dice: deck.dice ?? [],
      cards: deck.cards.map((card) => ({ stub: card.stub, count: card.count })),
      ...(isLegacy
        ? {}
        : {
            first_five: deck.first_five ?? [],
            effect_costs: deck.effect_costs ?? [],
            tutor_map: deck.tutor_map ?? {},
          }),
      user: deck.user.badge,
    }
    const snapshot = {
      ...shared,
      source_id: deck.id,
      is_public: true,
      is_snapshot: true,
      source_deck_id: deck.source_id,
      is_preconstructed: true,
      preconstructed_release: preconRelease(details),
    }
    deckLabels.push(`precon ${deck.id} (${deck.title ?? 'untitled'})`)
    if (deck.source_id === null) return [snapshot]
    deckLabels.push(`the private deck ${deck.source_id} of precon ${deck.id}`)
    const working = {
      ...shared,
      source_id: deck.source_id,
      is_public: false,
      is_snapshot: false,
      source_deck_id: null,
      is_preconstructed: false,
      preconstructed_release: null,
    }
    return [snapshot, working]
  })
  const decks = parseRecords(deckItems, deckRecord, (i) => deckLabels[i] ?? 'deck', problems)
  const userLabels = answers.players.map(({ path }) => `GET ${path}`)
  const users = parseRecords(
    answers.players.map(({ player }) => player),
    userRecord,
    (i) => userLabels[i] ?? 'player',
    problems,
  )
  if (problems.length > 0) throw new ImportError(problems)

  const labels: RecordLabels = {
    releases: { name: 'Releases', at: (i) => releaseLabels[i] ?? 'release' },
    cards: { name: 'Cards', at: (i) => cardLabels[i] ?? 'card' },
    decks: { name: 'Decks', at: (i) => deckLabels[i] ?? 'deck' },
    users: { name: 'Players', at: (i) => userLabels[i] ?? 'player' },
  }
  const data: ImportData = {
    source: origin,
    releases,
    cards,
    decks,
    users,
    skipped: [],
    rules: { releaseOrder: 'order', cardJson: 'as-sent', deckIdentity: 'created' },
    labels,
  }
  checkImportData(data)
  return data
}
