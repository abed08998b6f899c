import type { CatalogueConfig } from '@spellboard/core/demo-catalogue'

/**
 * What the server says of its catalogue, from the same `spellboard-config` block as the runtime
 * config (`"catalogue": "demo"` while it is the demo set). Read here, not in runtime-config.ts:
 * only the home page needs it, and every page loads that module first.
 */
export function catalogueConfig(): CatalogueConfig {
  try {
    const text = document.getElementById('spellboard-config')?.textContent || '{}'
    const { catalogue } = JSON.parse(text) as { catalogue?: unknown }
    return catalogue === 'demo' ? { catalogue } : {}
  } catch {
    return {}
  }
}
