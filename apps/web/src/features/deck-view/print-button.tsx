import { Button } from '../../components/ui/button.tsx'

/** Opens the browser's print dialog; the print style sheet leaves just the deck list. */
export function PrintButton() {
  return <Button onClick={() => window.print()}>Print</Button>
}
