import { ApiError } from '../../api/client.ts'
import { EmptyState } from '../../components/ui/empty-state.tsx'

/** 403 (someone else's private deck) and 404 both read as "no such deck". */
export function isMissingDeck(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404)
}

/** The refusal of a deck the viewer may not see; a heading of its own level inside a page. */
export function NoDeckFound({ as = 'h1' }: { as?: 'h1' | 'h2' }) {
  return (
    <EmptyState as={as} title="No deck found">
      <p>Sorry, this does not appear to be a valid deck!</p>
    </EmptyState>
  )
}
