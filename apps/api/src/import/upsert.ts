export const edition = (isLegacy: boolean) => (isLegacy ? 'Legacy' : 'Reborn')

/** Lookup key of anything identified by stub and edition. */
export const editionKey = (stub: string, isLegacy: boolean) => `${isLegacy ? 'L' : 'R'}:${stub}`
