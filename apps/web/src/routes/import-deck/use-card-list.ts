import type { Card } from '@spellboard/core/card-schemas'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { cardListQuery } from '../../api/cards.ts'

/** The largest page the API hands out (API.md §4). */
const PAGE = 100

/**
 * Every Reborn card, through the card browser's own query (so its cache serves both): page after
 * page until the last. The import needs them all to read names.
 */
export function useCardList() {
  const listing = useInfiniteQuery({ ...cardListQuery({ limit: PAGE }), staleTime: 60 * 60_000 })
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = listing
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage])
  const cards = useMemo<Card[] | null>(
    () =>
      listing.data && !hasNextPage ? listing.data.pages.flatMap((page) => page.results) : null,
    [listing.data, hasNextPage],
  )
  return { cards, isError, refetch: listing.refetch }
}
