import { Toaster as Sonner } from 'sonner'
import { useAppStore } from '../../store/app-store.ts'

/** The one toaster of the app; texts and time-outs come from lib/toast.ts. */
export function Toaster() {
  const theme = useAppStore((state) => state.preferences.theme)
  return (
    <Sonner
      theme={theme}
      position="top-right"
      closeButton
      richColors
      toastOptions={{ style: { whiteSpace: 'pre-line' } }}
    />
  )
}
