import { type CardImageVariant, cardImageUrl, type ImageHosts } from '@spellboard/core/card-images'
import type { Db } from '../db/client.ts'
import { getCatalogue } from '../services/cards/catalogue.ts'
import { publicDeckPhoenixborn } from '../services/decks/details.ts'

/**
 * The largest picture of a deck or card page (the Phoenixborn, the card), named in the page's
 * head. The web app learns which picture to show only from its first API answer; with the hint
 * the browser fetches it alongside the page's code.
 *
 * Only what any visitor may see is named: a deck's picture comes from the answer a visitor
 * without a log-in gets (players see the same Phoenixborn), a card's only when the card is
 * public. Anything else, or a failed lookup, names nothing: the page works as before.
 */

const DECK_PAGE = /^\/decks\/([1-9]\d{0,15})\/$/
const CARD_PAGE = /^\/cards\/(legacy\/)?([a-z0-9-]{1,30})\/$/

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

const preloadTag = (href: string) =>
  `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}">`

/** The `<link>` naming a landing page's picture, or '' (also when the lookup fails). */
export function landingImageTag(
  db: Db,
  hosts: ImageHosts,
  onError: (error: unknown) => void,
): (pathname: string) => Promise<string> {
  async function find(pathname: string): Promise<string | null> {
    const deck = DECK_PAGE.exec(pathname)
    if (deck) {
      const id = Number(deck[1])
      if (!Number.isSafeInteger(id)) return null
      const phoenixborn = await publicDeckPhoenixborn(db, id)
      if (!phoenixborn) return null
      const variant: CardImageVariant = phoenixborn.legacy ? 'legacy' : 'reborn'
      return cardImageUrl(phoenixborn.stub, variant, hosts)
    }
    const card = CARD_PAGE.exec(pathname)
    if (card?.[2]) {
      const legacy = card[1] !== undefined
      const catalogue = await getCatalogue(db)
      const edition = legacy ? catalogue.legacy : catalogue.reborn
      if (!edition.byStub.has(card[2])) return null
      return cardImageUrl(card[2], legacy ? 'legacy' : 'reborn', hosts)
    }
    return null
  }

  return async (pathname) => {
    try {
      const url = await find(pathname)
      return url ? preloadTag(url) : ''
    } catch (error) {
      onError(error)
      return ''
    }
  }
}
