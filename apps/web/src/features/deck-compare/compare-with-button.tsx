import { lazy, type ReactNode, Suspense, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'

// The dialog (and its deck list) loads when first opened.
const CompareWithDialog = lazy(() =>
  import('./compare-with-dialog.tsx').then((m) => ({ default: m.CompareWithDialog })),
)

/** 'Compare with…' for a button or a menu item: `open` shows the dialog, `dialog` renders it. */
export function useCompareWith(deckId: number): { open: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false)
  return {
    open: () => setOpen(true),
    dialog: (
      <Suspense fallback={null}>
        {open ? <CompareWithDialog deckId={deckId} onClose={() => setOpen(false)} /> : null}
      </Suspense>
    ),
  }
}

/** 'Compare with…' on a deck page: this deck on the left, the one the player picks on the right. */
export function CompareWithButton({ deckId }: { deckId: number }) {
  const compare = useCompareWith(deckId)
  return (
    <>
      <Button onClick={compare.open}>Compare with…</Button>
      {compare.dialog}
    </>
  )
}
