import type { StateCreator } from 'zustand'

/** Local, per-browser preferences (SPEC §3 "Local preferences"). */
export type Preferences = {
  galleryStyle: 'list' | 'binder'
  releaseFilter: 'all' | 'mine'
  colorizeIcons: boolean
  showCardReleases: boolean
  /** While building, the card browser lists only cards a deck can hold (`mode=deckbuilder`). */
  deckbuilderMode: boolean
  exportShowCardCounts: boolean
  exportSortByType: boolean
  exportShowAttribution: boolean
  /** 'system' follows the operating system's light or dark setting. */
  theme: 'system' | 'light' | 'dark'
  /** Sort of the deck lists on My decks, kept as a preference (SPEC "My decks"). */
  myDecksSort: 'created' | 'modified'
}

export const DEFAULT_PREFERENCES: Preferences = {
  galleryStyle: 'list',
  releaseFilter: 'all',
  colorizeIcons: false,
  showCardReleases: false,
  deckbuilderMode: true,
  exportShowCardCounts: true,
  exportSortByType: true,
  exportShowAttribution: true,
  theme: 'system',
  myDecksSort: 'modified',
}

export type PreferencesSlice = {
  preferences: Preferences
  setPreference: <K extends keyof Preferences>(key: K, value: Preferences[K]) => void
}

export const createPreferencesSlice: StateCreator<PreferencesSlice, [], [], PreferencesSlice> = (
  set,
) => ({
  preferences: DEFAULT_PREFERENCES,
  setPreference: (key, value) =>
    set((state) => ({ preferences: { ...state.preferences, [key]: value } })),
})
