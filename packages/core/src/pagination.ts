import { z } from 'zod'

/** The paginated answer of API.md §4: `next`/`previous` are absolute URLs or null. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  })
}

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] }
