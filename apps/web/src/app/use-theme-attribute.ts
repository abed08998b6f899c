import { useEffect } from 'react'
import { useAppStore } from '../store/app-store.ts'
import type { Preferences } from '../store/preferences-slice.ts'

function applyTheme(theme: Preferences['theme']) {
  const root = document.documentElement
  if (theme === 'system') root.removeAttribute('data-theme')
  else root.setAttribute('data-theme', theme)
}

// Before the first render, so a chosen dark theme never flashes light.
if (typeof document !== 'undefined') applyTheme(useAppStore.getState().preferences.theme)

/** Mirrors the theme preference onto <html data-theme>; 'system' leaves it to the media query. */
export function useThemeAttribute() {
  const theme = useAppStore((state) => state.preferences.theme)
  useEffect(() => applyTheme(theme), [theme])
}
