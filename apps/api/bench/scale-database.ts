/** The database `npm run seed:scale` fills and `npm run bench:scale` measures. */
export const DEFAULT_SCALE_URL = 'postgres://postgres@127.0.0.1:5432/spellboard_scale'

export const scaleDatabaseUrl = (): string => process.env.SCALE_DATABASE_URL || DEFAULT_SCALE_URL
