import { useEffect } from 'react'
import { useAppStore } from '../../store/app-store.ts'
import { hasTypedText } from './save-status.ts'

/**
 * While a title or description is typed and not yet kept, closing or leaving the page asks
 * first (the browser's own prompt). The text itself survives a reload with the builder's state.
 */
export function useLeavePrompt() {
  const typing = useAppStore((state) => state.builder.enabled && hasTypedText(state.builder))
  useEffect(() => {
    if (!typing) return
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers ask only when a return value is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [typing])
}
