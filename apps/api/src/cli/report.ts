import { DEMO_NOTICE, REAL_CARDS_COMMAND, REAL_CARDS_HINT } from '@spellboard/core/demo-catalogue'
import type { CatalogueStatus } from '../import/status.ts'
import type { ImportSummary } from '../import/write-import.ts'

/** What the operator reads after an import and from `npm run cli -- status`. */

const changed = (added: number, updated: number, total: number) =>
  `${added} new, ${updated} updated, ${Math.max(0, total - added - updated)} unchanged`

export function statusLines(status: CatalogueStatus): string[] {
  const { releases, cards, precons, lastImport } = status
  const lines = [
    `Releases: ${releases.reborn} Reborn, ${releases.legacy} Legacy`,
    `Cards: ${cards.reborn} Reborn, ${cards.legacy} Legacy`,
    `Precons: ${precons.reborn} Reborn, ${precons.legacy} Legacy`,
    lastImport
      ? `Last import: ${lastImport.source} at ${lastImport.at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`
      : 'Last import: none',
  ]
  if (status.demo) {
    lines.push(`${DEMO_NOTICE} Load them with: ${REAL_CARDS_COMMAND} (${REAL_CARDS_HINT}).`)
  } else if (releases.reborn + releases.legacy === 0) {
    lines.push(
      `The catalogue is empty. Load the cards with: ${REAL_CARDS_COMMAND} (${REAL_CARDS_HINT}).`,
    )
  }
  return lines
}

export function summaryLines(summary: ImportSummary, status: CatalogueStatus): string[] {
  const { changes } = summary
  const seconds = (summary.milliseconds / 1000).toFixed(1)
  const lines = [`Imported ${summary.source} in ${seconds} s.`]
  if (summary.demoRemoved) {
    const removed = summary.demoRemoved
    lines.push(
      `The demo set was removed first: ${removed.cards} cards, ${removed.decks} decks ` +
        `(${removed.playerDecks} of them players'), ${removed.comments} comments.`,
    )
  }
  lines.push(
    `Releases: ${changed(changes.releases.added, changes.releases.updated, summary.releases)}`,
    `Cards: ${changed(changes.cards.added, changes.cards.updated, summary.cards)}` +
      (changes.cards.added > 0
        ? ` (new: ${changes.cards.reborn} Reborn, ${changes.cards.legacy} Legacy)`
        : ''),
    changes.errata.length > 0
      ? `Errata (${changes.errata.length}): ${changes.errata.join(', ')}`
      : 'Errata: none',
    `Decks: ${changed(changes.decks.added, changes.decks.updated, summary.decks)}`,
  )
  if (summary.skipped.length > 0) {
    lines.push(`Decks left out (${summary.skipped.length}):`)
    lines.push(...summary.skipped.map((reason) => `  ${reason}`))
  }
  const { releases, cards, precons } = status
  lines.push(
    `The catalogue now holds ${releases.reborn} Reborn and ${releases.legacy} Legacy releases, ` +
      `${cards.reborn} Reborn and ${cards.legacy} Legacy cards, ` +
      `${precons.reborn} Reborn and ${precons.legacy} Legacy precons.`,
  )
  return lines
}
