import { Toaster as Sonner } from 'sonner'

/**
 * The one toaster of the app; texts and time-outs come from lib/toast.ts. Toasts stay up to 30 s,
 * so they sit at the bottom left, never over the header (its mark, links and builder buttons,
 * whose height changes with the page and the width) nor over the deck builder pane at the right.
 * On phones they run across the bottom, above the builder's Toggle pane button.
 */
export function Toaster({ theme = 'system' }: { theme?: 'light' | 'dark' | 'system' }) {
  return (
    <Sonner
      theme={theme}
      position="bottom-left"
      mobileOffset={{ bottom: 80, left: 16, right: 16 }}
      closeButton
      richColors
      toastOptions={{ style: { whiteSpace: 'pre-line' } }}
    />
  )
}
