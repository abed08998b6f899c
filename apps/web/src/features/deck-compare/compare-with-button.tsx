import { lazy, Suspense, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'

// The dialog (and its deck list) loads when first opened.
const CompareWithDialog = lazy(() =>
  import('./compare-with-dialog.tsx').then((m) => ({ default: m.CompareWithDialog })),
)

/** 'Compare with…' on a deck page: this deck on the left, the one the player picks on the right. */
export function CompareWithButton({ deckId }: { deckId: number }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Compare with…</Button>
      <Suspense fallback={null}>
        {open ? <CompareWithDialog deckId={deckId} onClose={() => setOpen(false)} /> : null}
      </Suspense>
    </>
  )
}
