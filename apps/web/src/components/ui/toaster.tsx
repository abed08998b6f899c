import { Toaster as Sonner } from 'sonner'
import { useAppStore } from '../../store/app-store.ts'

/**
 * The one toaster of the app; texts and time-outs come from lib/toast.ts. Toasts stay up to 30 s,
 * so they sit at the top centre, over the logo, never over the header's account links and
 * builder buttons at the right or the deck builder pane.
 */
export function Toaster() {
  const theme = useAppStore((state) => state.preferences.theme)
  return (
    <Sonner
      theme={theme}
      position="top-center"
      closeButton
      richColors
      toastOptions={{ style: { whiteSpace: 'pre-line' } }}
    />
  )
}
