import { type ComponentType, lazy } from 'react'

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
}

/** A screen loaded on demand, loaded once, and preloadable. */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined
  const preload = () => {
    loading ??= track(load().then((Component) => ({ default: Component })))
    return loading
  }
  return { Component: lazy(preload), preload }
}
