/**
 * While a site's catalogue is the demo set (invented cards, loaded at the first start), its
 * home page and `npm run cli -- status` say so, with the command that loads the real cards.
 */
export const DEMO_NOTICE = 'These are demo cards, not the real game.'

export const REAL_CARDS_COMMAND = 'npm run import -- --from https://api.ashes.live'

/** The embedded database allows one process at a time: the import needs the server stopped. */
export const REAL_CARDS_HINT = 'stop the server first on the embedded database'

/**
 * The server's `spellboard-config` block (index.html) says `"catalogue": "demo"` while the
 * catalogue is the demo set; the key is absent otherwise.
 */
export type CatalogueConfig = { catalogue?: 'demo' }
