import { useAppStore } from '../../store/app-store.ts'
import type { Preferences } from '../../store/preferences-slice.ts'
import styles from './theme-switch.module.css'

const THEMES: { value: Preferences['theme']; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

/** Light, dark, or whatever the system uses (the default); kept as a local preference. */
export function ThemeSwitch() {
  const theme = useAppStore((state) => state.preferences.theme)
  const setPreference = useAppStore((state) => state.setPreference)
  return (
    <fieldset className={styles.switch}>
      <legend className={styles.legend}>Theme</legend>
      {THEMES.map((option) => (
        <label key={option.value} className={styles.option}>
          <input
            type="radio"
            name="theme"
            value={option.value}
            checked={theme === option.value}
            onChange={() => setPreference('theme', option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  )
}
