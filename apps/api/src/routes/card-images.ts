import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../deps.ts'
import { notFound } from '../lib/refusal.ts'
import { cardFace, type FaceVariant } from '../services/card-images/faces.ts'
import { getCatalogue } from '../services/cards/catalogue.ts'

/**
 * Faces change only when the card is edited: browsers and proxies keep them a day and then
 * revalidate cheaply with the ETag.
 */
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800'

const ROUTES: [path: string, variant: FaceVariant][] = [
  ['/card-images/:file', 'reborn'],
  ['/card-images/legacy/:file', 'legacy'],
  ['/card-images/legacy-preview/:file', 'legacyPreview'],
]

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const value = tag.trim()
    return value === '*' || value === etag || value === `W/${etag}`
  })
}

/**
 * Generated card faces (`/card-images/{stub}.svg` and the two Legacy families), outside `/v2`,
 * so the site shows every card without a content host. Only cards of public releases.
 */
export function cardImagesRoutes(app: FastifyInstance, deps: AppDeps) {
  for (const [path, variant] of ROUTES) {
    app.get<{ Params: { file: string } }>(
      path,
      { schema: { hide: true } },
      async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
        const match = /^([a-z0-9-]{1,60})\.svg$/.exec(request.params.file)
        if (!match?.[1]) throw notFound('Not Found')
        const face = cardFace(await getCatalogue(deps.db), variant, match[1])
        if (!face) throw notFound('Not Found')
        reply.header('cache-control', CACHE_CONTROL).header('etag', face.etag)
        if (etagMatches(request.headers['if-none-match'], face.etag)) {
          return reply.code(304).send()
        }
        return reply.type('image/svg+xml; charset=utf-8').send(face.svg)
      },
    )
  }
}
