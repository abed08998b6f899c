import { type BoxIndex, boxIndex, type Owned, ownedCopies } from '@spellboard/core/collection'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { collectionQuery, releaseBoxesQuery } from '../../api/releases.ts'
import { useAppStore } from '../../store/app-store.ts'

/** What one box of each release holds, by card stub; undefined while it loads. */
export function useBoxIndex(enabled = true): BoxIndex | undefined {
  const boxes = useQuery({ ...releaseBoxesQuery(), enabled })
  return useMemo(() => (boxes.data ? boxIndex(boxes.data) : undefined), [boxes.data])
}

/** The boxes the logged-in player owns per release; null when logged out, undefined loading. */
export function useOwned(): Owned | null | undefined {
  const viewer = useAppStore((state) => state.session?.badge ?? null)
  const collection = useQuery(collectionQuery(viewer))
  if (viewer === null) return null
  return collection.data?.releases
}

/**
 * The boxes owned as the builder reads them: only once the player has said what they own (a
 * player with no box at all sees no 'Own 0' on every card).
 */
export function useBuilderOwned(): Owned | null {
  const owned = useOwned()
  return owned && Object.keys(owned).length > 0 ? owned : null
}

/**
 * Copies of a card the logged-in player's boxes hold; null when logged out, still loading, with
 * no box recorded, or for a card of no box (Legacy cards).
 */
export function useOwnedCopies(stub: string): number | null {
  const owned = useBuilderOwned()
  const index = useBoxIndex(owned !== null)
  const entry = index?.get(stub)
  if (!owned || !entry) return null
  return ownedCopies(entry, owned)
}
