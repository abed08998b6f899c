import { create } from 'zustand'
import { type BuilderSlice, createBuilderSlice, restoreBuilder } from './builder-slice.ts'
import { persisted } from './persist.ts'
import {
  createPreferencesSlice,
  DEFAULT_PREFERENCES,
  type PreferencesSlice,
} from './preferences-slice.ts'
import { createSessionSlice, isTokenLive, type SessionSlice } from './session-slice.ts'

export type AppState = SessionSlice & PreferencesSlice & BuilderSlice

/**
 * The one client store: session and preferences (and the deck builder), persisted to
 * localStorage so a reload keeps them. Server data lives in TanStack Query, not here.
 */
export const useAppStore = create<AppState>()(
  persisted(
    (...args) => ({
      ...createSessionSlice(...args),
      ...createPreferencesSlice(...args),
      ...createBuilderSlice(...args),
    }),
    {
      name: 'spellboard',
      version: 1,
      partialize: (state) => ({
        session: state.session,
        preferences: state.preferences,
        builder: state.builder,
      }),
      merge: (saved, current) => {
        // A stored token past its expiry is discarded at load (SPEC §4 "Session").
        const session = saved?.session && isTokenLive(saved.session.token) ? saved.session : null
        return {
          ...current,
          session,
          preferences: { ...DEFAULT_PREFERENCES, ...saved?.preferences },
          // The open deck belongs to the account: without a live session it cannot be saved.
          builder: restoreBuilder(session ? saved?.builder : undefined),
        }
      },
    },
  ),
)
