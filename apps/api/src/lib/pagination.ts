import type { FastifyRequest } from 'fastify'

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] }

function withOffset(request: FastifyRequest, base: string, offset: number): string {
  const [path = '', query = ''] = request.url.split('?', 2)
  const params = new URLSearchParams(query)
  const kept: [string, string][] = []
  let placed = false
  for (const [key, value] of params) {
    if (value === '') continue
    if (key === 'offset') {
      if (!placed && offset > 0) kept.push(['offset', String(offset)])
      placed = true
      continue
    }
    kept.push([key, value])
  }
  if (!placed && offset > 0) kept.push(['offset', String(offset)])
  const search = new URLSearchParams(kept).toString()
  return `${base}${path}${search ? `?${search}` : ''}`
}

/**
 * `next`/`previous` of API.md §4: absolute URLs on `base` (the configured API_URL or PUBLIC_URL,
 * never the request's Host header, which the caller writes), the request's path and
 * parameters in the same order, `offset` replaced (and dropped from `previous` at 0).
 */
export function paginate<T>(
  request: FastifyRequest,
  base: string,
  page: { count: number; limit: number; offset: number; results: T[] },
): Page<T> {
  const { count, limit, offset } = page
  return {
    count,
    next: offset + limit < count ? withOffset(request, base, offset + limit) : null,
    previous: offset > 0 ? withOffset(request, base, Math.max(0, offset - limit)) : null,
    results: page.results,
  }
}
