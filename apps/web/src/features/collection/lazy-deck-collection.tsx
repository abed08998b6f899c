import type { ListedDeck } from '@spellboard/core/collection'
import { lazy, Suspense } from 'react'
import { useAppStore } from '../../store/app-store.ts'

const DeckCollection = lazy(() => import('./deck-collection.tsx'))

/** `DeckCollection` for logged-in readers of a Reborn deck, loaded on first use. */
export function LazyDeckCollection({ deck, legacy }: { deck: ListedDeck; legacy: boolean }) {
  const loggedIn = useAppStore((state) => state.session !== null)
  if (!loggedIn || legacy) return null
  return (
    <div data-print="hide">
      <Suspense fallback={null}>
        <DeckCollection deck={deck} />
      </Suspense>
    </div>
  )
}
