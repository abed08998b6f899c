import { type ComponentType, createElement, lazy, useState } from 'react'

type Listener = (pending: number) => void
let pending = 0
const listeners = new Set<Listener>()

/** Chunk loads in flight; the progress bar shows while a route's code is on its way. */
export function subscribeToLoading(listener: Listener): () => void {
  listeners.add(listener)
  listener(pending)
  return () => listeners.delete(listener)
}

function track<T>(promise: Promise<T>): Promise<T> {
  pending += 1
  for (const listener of listeners) listener(pending)
  return promise.finally(() => {
    pending -= 1
    for (const listener of listeners) listener(pending)
  })
}

export type LazyScreen = {
  Component: ComponentType
  /** Starts loading the chunk (idempotent), e.g. for the first route before React renders. */
  preload: () => Promise<unknown>
  /** True once the chunk is here: Component then renders at once instead of suspending. */
  isLoaded: () => boolean
}

/**
 * A screen loaded on demand, loaded once, and preloadable. Once its code is here it renders in
 * the same pass: React.lazy suspends on its first render even when the chunk has arrived, and a
 * Suspense fallback shown on a page's first render holds the content back for 300 ms more.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined
  let loaded: ComponentType | undefined
  const preload = () => {
    loading ??= track(
      load().then((Component) => {
        loaded = Component
        return { default: Component }
      }),
    )
    return loading
  }
  const Lazy = lazy(preload)
  function Screen() {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount it.
    const [Ready] = useState(() => loaded)
    return createElement(Ready ?? Lazy)
  }
  return { Component: Screen, preload, isLoaded: () => loaded !== undefined }
}
