import { Link } from 'react-router'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { useNewDeck } from '../../features/deck-builder/builder-hooks.ts'
import { DeckListing } from '../../features/deck-list/deck-listing.tsx'
import { DeckTabs } from '../../features/deck-list/deck-tabs.tsx'
import { useAppStore } from '../../store/app-store.ts'
import styles from './my-decks-page.module.css'

type Kind = { legacy: boolean; redRains: boolean }

const SORT_OPTIONS = [
  { value: 'modified', label: 'Last modified' },
  { value: 'created', label: 'Date created' },
] as const

function NoDecksYet({ legacy, redRains }: Kind) {
  const newDeck = useNewDeck()
  if (legacy) {
    return (
      <EmptyState title="No legacy decks">
        <p>
          Legacy decks are read-only: they can be viewed but not created or edited. Looking for your
          Ashes Reborn decks? <Link to="/decks/mine/">See your Reborn decks</Link>.
        </p>
      </EmptyState>
    )
  }
  return (
    <EmptyState
      title={redRains ? 'No Red Rains decks yet' : 'No decks yet'}
      action={
        <Button variant="primary" onClick={() => newDeck({ redRains })}>
          {redRains ? 'Create your first Red Rains deck' : 'Create your first deck'}
        </Button>
      }
    >
      <p>
        {redRains
          ? 'Build a deck to take on the Red Rains together with your friends.'
          : 'Pick a Phoenixborn and start building your first deck.'}
      </p>
    </EmptyState>
  )
}

/** The player's own working decks of one kind. */
function MyDecks({ legacy, redRains }: Kind) {
  const sort = useAppStore((state) => state.preferences.myDecksSort)
  const setPreference = useAppStore((state) => state.setPreference)
  return (
    <>
      <div className={styles.heading}>
        <h1>My decks</h1>
        {legacy || redRains ? null : (
          <Link className={buttonClass({ size: 'sm' })} to="/decks/mine/import/">
            Import from text
          </Link>
        )}
      </div>
      <p className={styles.intro}>
        Decks are private by default: only you can see them until you publish them. After you
        publish a deck, further edits stay private until you publish it again.
      </p>
      <DeckTabs base="/decks/mine/" />
      <DeckListing
        key={`${legacy}-${redRains}`}
        scope="mine"
        legacy={legacy}
        redRains={redRains}
        sort={sort}
        emptyState={<NoDecksYet legacy={legacy} redRains={redRains} />}
        toolbarExtra={
          <SelectField
            label="Sort by"
            inline
            className={styles.sort}
            options={SORT_OPTIONS}
            value={sort}
            onChange={(event) =>
              setPreference(
                'myDecksSort',
                event.target.value === 'created' ? 'created' : 'modified',
              )
            }
          />
        }
      />
    </>
  )
}

export function MyDecksPage() {
  return <MyDecks legacy={false} redRains={false} />
}

export function MyRedRainsDecksPage() {
  return <MyDecks legacy={false} redRains />
}

export function MyLegacyDecksPage() {
  return <MyDecks legacy redRains={false} />
}
