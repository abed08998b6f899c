import type { DeckOut } from '@spellboard/core/decks'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useMemo } from 'react'
import { publishedDeckIdsQuery } from '../../api/decks.ts'
import { Tag } from '../../components/ui/tag.tsx'
import { useAppStore } from '../../store/app-store.ts'

/**
 * My decks' rows: 'Published' beside each working deck that has a public snapshot. Undefined
 * (no marks) on other listings, and until the player's published decks are known.
 */
export function usePublishedTags(
  enabled: boolean,
  kind: { legacy: boolean; redRains: boolean },
): ((deck: DeckOut) => ReactNode) | undefined {
  const badge = useAppStore((state) => state.session?.badge ?? null)
  const published = useQuery({
    ...publishedDeckIdsQuery(badge ?? '', kind),
    enabled: enabled && badge !== null,
  })
  return useMemo(() => {
    if (!enabled || !published.data) return undefined
    const ids = new Set(published.data)
    return (deck: DeckOut) => (ids.has(deck.id) ? <Tag tone="success">Published</Tag> : null)
  }, [enabled, published.data])
}
