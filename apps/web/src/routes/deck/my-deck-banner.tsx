import type { DeckDetails } from '@spellboard/core/decks'
import { Link } from 'react-router'
import { Alert } from '../../components/ui/alert.tsx'

/** In the private view: which version this is, and where the published one lives. */
export function MyDeckBanner({ details }: { details: DeckDetails }) {
  const { deck } = details
  const workingId = deck.is_snapshot ? deck.source_id : deck.id
  const published =
    details.has_published_snapshot && workingId !== null ? (
      <>
        {' '}
        <Link to={`/decks/${workingId}/`}>View the latest published version</Link>.
      </>
    ) : null

  if (!deck.is_snapshot) {
    return (
      <Alert tone="info">
        This is the latest private save of your deck.
        {published ?? ' It has not been published yet.'}
      </Alert>
    )
  }
  return (
    <Alert tone="info">
      This is a {deck.is_public ? 'public' : 'private'} snapshot of your deck.
      {workingId !== null ? (
        <>
          {' '}
          <Link to={`/decks/mine/${workingId}/`}>View the latest private save</Link>.
        </>
      ) : null}
      {published}
    </Alert>
  )
}
