import { cardNameLookup } from '@spellboard/core/card-name-lookup'
import type { Card } from '@spellboard/core/card-schemas'
import { countCopies, deckTitle } from '@spellboard/core/deck-sections'
import { type DeckTextLine, parseDeckText } from '@spellboard/core/deck-text-import'
import { useDeferredValue, useId, useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { TextareaField } from '../../components/ui/textarea-field.tsx'
import { DeckView } from '../../features/deck-view/deck-view.tsx'
import { describeApiError } from '../../lib/toast.ts'
import { deckToSave, useCreateDeck } from './create-deck.ts'
import styles from './import-deck-page.module.css'
import { LineReport } from './line-report.tsx'
import { useCardList } from './use-card-list.ts'

const NO_PHOENIXBORN =
  'Nothing can be created: the text names no Phoenixborn. Add a line such as "Phoenixborn: Aradel Summergaard".'

/** `/decks/mine/import/`: a deck list pasted as text becomes a new private working deck. */
export function ImportDeckPage() {
  const navigate = useNavigate()
  const statusId = useId()
  const { cards, isError, refetch } = useCardList()
  const lookup = useMemo(() => (cards ? cardNameLookup(cards) : null), [cards])
  const [text, setText] = useState('')
  const typed = useDeferredValue(text)
  const read = useMemo(
    () => (lookup && typed.trim() ? parseDeckText<Card>(typed, lookup) : null),
    [lookup, typed],
  )
  const create = useCreateDeck()
  const deck = read?.outcome === 'deck' ? deckToSave(read) : null

  const replaceLine = (line: DeckTextLine<Card>, replacement: string) => {
    const rows = text.split(/\r\n|\r|\n/)
    rows[line.line - 1] = replacement
    setText(rows.join('\n'))
  }

  const onCreate = () => {
    if (read?.outcome !== 'deck') return
    create.mutate(read, { onSuccess: (deck) => navigate(`/decks/mine/${deck.id}/`) })
  }

  let status: string
  if (isError) status = 'The card list could not be loaded, so names cannot be read.'
  else if (!lookup) status = 'Loading the card list...'
  else if (!text.trim()) status = 'Paste a deck list to see it here.'
  else if (!read) status = 'Reading...'
  else if (read.outcome === 'no_phoenixborn') status = NO_PHOENIXBORN
  else if (deck) {
    const copies = countCopies(deck.cards)
    const dice = countCopies(deck.dice)
    status = `Ready to create "${deckTitle(deck)}": ${copies} of 30 cards, ${dice} of 10 dice.`
  } else status = NO_PHOENIXBORN

  return (
    <div className={styles.page}>
      <h1>Import from text</h1>
      <p className={styles.intro}>
        Paste a deck list as our text export writes it, or as players type it: lines such as "3x
        Card Name", "3 Card Name" or "Card Name x3", a Phoenixborn line and a dice line like "5
        Ceremonial, 5 Illusion". A first line that is no card, Phoenixborn or dice is the title. The
        deck is saved as a new private deck in <Link to="/decks/mine/">My decks</Link>.
      </p>
      <div className={styles.layout}>
        <div className={styles.input}>
          <TextareaField
            label="Deck list"
            rows={16}
            value={text}
            spellCheck={false}
            placeholder={
              'My deck\nPhoenixborn: Aradel Summergaard\n5 Natural, 5 Charm\n3x Hammer Knight'
            }
            onChange={(event) => setText(event.target.value)}
          />
          {isError ? (
            <Button size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          ) : null}
          {read ? <LineReport lines={read.lines} onReplace={replaceLine} /> : null}
          {deck?.notes.length ? (
            <ul className={styles.notes} aria-label="Cut to fit a deck">
              {deck.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
          {read?.truncated ? (
            <Alert tone="warning">Only the first lines were read: the text is too long.</Alert>
          ) : null}
          <div className={styles.create}>
            <p
              id={statusId}
              role="status"
              className={read?.outcome === 'no_phoenixborn' ? styles.refusal : styles.status}
            >
              {status}
            </p>
            <Button
              variant="primary"
              disabled={read?.outcome !== 'deck'}
              busy={create.isPending}
              aria-describedby={statusId}
              onClick={onCreate}
            >
              Create deck
            </Button>
          </div>
          {create.isError ? (
            <Alert tone="error" title="The deck could not be created.">
              <p>{describeApiError(create.error).join(' ')}</p>
            </Alert>
          ) : null}
        </div>
        <section className={styles.preview} aria-labelledby="import-preview">
          <h2 id="import-preview" className={styles.subheading}>
            Preview
          </h2>
          {deck ? (
            <>
              <p
                className={
                  deck.title ? styles.previewTitle : `${styles.previewTitle} ${styles.untitled}`
                }
              >
                {deckTitle(deck)}
              </p>
              <DeckView fullCards deck={{ ...deck, conjurations: [] }} />
            </>
          ) : (
            <p className={styles.empty}>
              {read ? 'No Phoenixborn yet.' : 'The deck you paste shows here.'}
            </p>
          )}
        </section>
      </div>
    </div>
  )
}
