/**
 * The deck a player means by what they paste: a deck id, or a link to a deck page on this site
 * or any other (`/decks/{id}/`, `/decks/mine/{id}/`, their history pages), or a share link
 * (`/decks/share/{uuid}/`). Anything else is no deck.
 */
export type DeckReference = { id: number } | { uuid: string }

const ID = /^\d{1,12}$/
const DECK_PATH = /\/decks\/(?:mine\/)?(\d{1,12})(?:\/(?:history\/?)?)?$/
const SHARE_PATH =
  /\/decks\/share\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i

export function parseDeckReference(text: string): DeckReference | null {
  const value = text.trim()
  if (ID.test(value)) return Number(value) > 0 ? { id: Number(value) } : null
  let path: string
  try {
    path = new URL(value, 'https://relative.invalid').pathname
  } catch {
    return null
  }
  const share = SHARE_PATH.exec(path)
  if (share?.[1]) return { uuid: share[1].toLowerCase() }
  const deck = DECK_PATH.exec(path)
  return deck?.[1] && Number(deck[1]) > 0 ? { id: Number(deck[1]) } : null
}

/** The compare page for two decks: left is "before", right is "after". */
export function comparePath(left: number, right: number): string {
  return `/decks/compare/?left=${left}&right=${right}`
}
