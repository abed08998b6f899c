import { DeckListing } from '../../features/deck-list/deck-listing.tsx'
import { DeckTabs } from '../../features/deck-list/deck-tabs.tsx'

type Kind = { legacy: boolean; redRains: boolean }

/** The public deck listing of one kind, with its tabs. */
function BrowseDecks({ legacy, redRains }: Kind) {
  return (
    <>
      <h1>Browse decks</h1>
      <DeckTabs base="/decks/" />
      <DeckListing
        // Each kind is a list of its own: a Phoenixborn filter means nothing in another edition.
        key={`${legacy}-${redRains}`}
        scope="public"
        legacy={legacy}
        redRains={redRains}
      />
    </>
  )
}

export function BrowseDecksPage() {
  return <BrowseDecks legacy={false} redRains={false} />
}

export function BrowseRedRainsDecksPage() {
  return <BrowseDecks legacy={false} redRains />
}

export function BrowseLegacyDecksPage() {
  return <BrowseDecks legacy redRains={false} />
}
