import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { RouteMetaProvider } from '../../app/route-table.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { INITIAL_BUILDER } from '../../store/builder-slice.ts'
import { runLogOutHooks } from '../session/log-out-hooks.ts'
import {
  useBuilderEnabled,
  useBuilderWiring,
  useIsEditingDeck,
  useNewDeck,
} from './builder-hooks.ts'

// The autosave starts with an open deck; these tests are about the hooks, not saving.
vi.mock('./autosave.ts', async (original) => ({
  ...(await original<typeof import('./autosave.ts')>()),
  startAutosave: () => {},
}))

const at =
  (path: string) =>
  ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <RouteMetaProvider>{children}</RouteMetaProvider>
    </MemoryRouter>
  )

const builder = () => useAppStore.getState().builder

describe('the builder hooks', () => {
  beforeEach(() => useAppStore.setState({ builder: INITIAL_BUILDER }))

  it.each([
    ['/decks/', false],
    ['/decks/red-rains/', true],
    ['/decks/mine/red-rains/', true],
  ])('New deck on %s carries the route’s Red Rains flag (%s)', async (path, redRains) => {
    const { result } = renderHook(() => ({ newDeck: useNewDeck(), enabled: useBuilderEnabled() }), {
      wrapper: at(path),
    })
    expect(result.current.enabled).toBe(false)
    act(() => result.current.newDeck())
    await waitFor(() => expect(result.current.enabled).toBe(true))
    expect(builder().deck.isRedRains).toBe(redRains)
  })

  it('an explicit mode wins over the route', async () => {
    const { result } = renderHook(() => useNewDeck(), { wrapper: at('/decks/') })
    act(() => result.current({ redRains: true }))
    await waitFor(() => expect(builder().enabled).toBe(true))
    expect(builder().deck.isRedRains).toBe(true)
  })

  it('tells which deck is open for editing', () => {
    useAppStore.setState({
      builder: { ...INITIAL_BUILDER, enabled: true, deck: { ...INITIAL_BUILDER.deck, id: 4 } },
    })
    const { result } = renderHook(() => [4, 5, null, undefined].map((id) => useIsEditingDeck(id)))
    expect(result.current).toEqual([true, false, false, false])
  })

  it('clear the builder when the player logs out', () => {
    useAppStore.setState({
      builder: { ...INITIAL_BUILDER, enabled: true, deck: { ...INITIAL_BUILDER.deck, id: 4 } },
    })
    const { unmount } = renderHook(() => useBuilderWiring())
    runLogOutHooks()
    expect(builder()).toMatchObject({ enabled: false, deck: { id: null } })
    unmount()
  })
})
