import { deckTitle } from '@spellboard/core/deck-sections'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useDeferredValue, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { deckListQuery } from '../../api/decks.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { useAppStore } from '../../store/app-store.ts'
import styles from './compare-with-dialog.module.css'
import { comparePath } from './deck-reference.ts'
import { resolveDeck } from './resolve-deck.ts'

const MY_DECKS_SHOWN = 10

/** The player's own working decks (newest edits first, filtered by title), to pick one. */
function MyDecksPick({ deckId }: { deckId: number }) {
  const viewer = useAppStore((state) => state.session?.badge ?? null)
  const [filter, setFilter] = useState('')
  const q = useDeferredValue(filter.trim())
  const decks = useQuery(
    deckListQuery('mine', { q, sort: 'modified', limit: MY_DECKS_SHOWN + 1 }, viewer),
  )
  const others = (decks.data?.results ?? []).filter((deck) => deck.id !== deckId)
  return (
    <section aria-labelledby="compare-my-decks" className={styles.part}>
      <h3 id="compare-my-decks" className={styles.heading}>
        Pick one of my decks
      </h3>
      <TextField
        label="Filter my decks by title"
        hideLabel
        type="search"
        placeholder="Filter my decks by title..."
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {decks.isPending ? (
        <SkeletonRows rows={3} label="Loading my decks..." />
      ) : decks.isError ? (
        <p className={styles.error}>My decks could not be loaded.</p>
      ) : others.length === 0 ? (
        <p className={styles.muted}>
          {q ? 'No deck of mine has that title.' : 'No other decks yet.'}
        </p>
      ) : (
        <ul className={styles.decks} aria-label="My decks">
          {others.slice(0, MY_DECKS_SHOWN).map((deck) => (
            <li key={deck.id}>
              <Link to={comparePath(deckId, deck.id)} className={styles.deck}>
                <span className={deck.title ? undefined : styles.untitled}>{deckTitle(deck)}</span>
                <span className={styles.muted}>{deck.phoenixborn.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Pick the deck to compare with: one of mine, or any deck by its link or id. */
export function CompareWithDialog({ deckId, onClose }: { deckId: number; onClose: () => void }) {
  const loggedIn = useAppStore((state) => state.session !== null)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [link, setLink] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const resolved = await resolveDeck(queryClient, link)
    setBusy(false)
    if ('error' in resolved) setError(resolved.error)
    else navigate(comparePath(deckId, resolved.id))
  }

  return (
    <Dialog open onClose={onClose} title="Compare with…" size="md">
      {loggedIn ? <MyDecksPick deckId={deckId} /> : null}
      <form
        className={styles.part}
        onSubmit={(event) => void onSubmit(event)}
        aria-labelledby="compare-paste"
        noValidate
      >
        <h3 id="compare-paste" className={styles.heading}>
          {loggedIn ? 'Or paste a deck link' : 'Paste a deck link'}
        </h3>
        <div className={styles.paste}>
          <TextField
            label="Deck link or id"
            placeholder="https://…/decks/123/"
            value={link}
            error={error}
            onChange={(event) => {
              setLink(event.target.value)
              setError(undefined)
            }}
            data-autofocus={loggedIn ? undefined : true}
          />
          <Button type="submit" variant="primary" busy={busy} className={styles.submit}>
            Compare
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
