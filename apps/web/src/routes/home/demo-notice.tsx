import { DEMO_NOTICE, REAL_CARDS_COMMAND, REAL_CARDS_HINT } from '@spellboard/core/demo-catalogue'
import { catalogueConfig } from '../../api/catalogue-config.ts'
import { Alert } from '../../components/ui/alert.tsx'

/** Tells whoever runs the site, while its catalogue is the demo set, how to load the real cards. */
export function DemoNotice() {
  if (catalogueConfig().catalogue !== 'demo') return null
  return (
    <Alert tone="warning" title={DEMO_NOTICE}>
      <p>
        This site shows the small set of invented cards it loads at its first start. To load the
        real cards, run <code>{REAL_CARDS_COMMAND}</code> where the site is installed (
        {REAL_CARDS_HINT}), then open this page again.
      </p>
    </Alert>
  )
}
