import type { StateCreator } from 'zustand'

export type PersistOptions<S, P> = {
  /** localStorage key. */
  name: string
  /** Stored data of another version is ignored (the app starts from defaults). */
  version: number
  /** What of the state is kept. */
  partialize: (state: S) => P
  /** Combines what was kept (undefined on a first visit) with the initial state. */
  merge: (persisted: Partial<P> | undefined, current: S) => S
}

function read<P>(name: string, version: number): Partial<P> | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(name) ?? 'null') as {
      state?: Partial<P>
      version?: number
    } | null
    return stored?.version === version ? stored.state : undefined
  } catch {
    // Unreadable storage (disabled, or edited by hand) means a fresh start, not a broken page.
    return undefined
  }
}

/**
 * Keeps part of the store in localStorage: read once at creation, written after each change.
 * A few lines instead of zustand's persist middleware, which weighs on the first page load; the
 * stored format ({state, version}) is the same.
 */
export function persisted<S, P>(
  creator: StateCreator<S, [], []>,
  options: PersistOptions<S, P>,
): StateCreator<S, [], []> {
  return (set, get, api) => {
    const state = options.merge(read<P>(options.name, options.version), creator(set, get, api))
    let written = ''
    api.subscribe((next) => {
      const json = JSON.stringify({ state: options.partialize(next), version: options.version })
      if (json === written) return
      written = json
      try {
        localStorage.setItem(options.name, json)
      } catch {
        // Full or disabled storage: the app keeps working, it just forgets on reload.
      }
    })
    return state
  }
}
