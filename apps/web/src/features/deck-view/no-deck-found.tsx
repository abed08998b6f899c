import { ApiError } from '../../api/client.ts'
import { EmptyState } from '../../components/ui/empty-state.tsx'

/** 403 (someone else's private deck) and 404 both read as "no such deck". */
export function isMissingDeck(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404)
}

export function NoDeckFound() {
  return (
    <EmptyState as="h1" title="No deck found">
      <p>Sorry, this does not appear to be a valid deck!</p>
    </EmptyState>
  )
}
