import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { CatalogueConfig } from '@spellboard/core/demo-catalogue'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { notFound } from '../lib/refusal.ts'
import { showsDemoSet } from '../services/demo-set.ts'
import { landingHints } from './spa-hints.ts'
import { landingImageTag } from './spa-images.ts'

const CONFIG_MARKER = /<script id="spellboard-config" type="application\/json">[^<]*<\/script>/

/** What the SPA reads at start: where the API and the content host are. */
export function runtimeConfig(config: Config) {
  return { apiUrl: config.apiUrl ?? '', cdnUrl: config.cdnUrl ?? '' }
}

/**
 * The config block of index.html. While the catalogue is the demo set it also says
 * `"catalogue": "demo"`, and the home page shows the demo notice (an addition to what the
 * Ashes.live API tells its clients: the `/v2` wire is unchanged).
 */
function configBlock(config: Config, catalogue: CatalogueConfig): string {
  const json = JSON.stringify({ ...runtimeConfig(config), ...catalogue }).replace(/</g, '\\u003c')
  return `<script id="spellboard-config" type="application/json">${json}</script>`
}

/**
 * The same process serves the built SPA: hashed assets with long cache headers, and
 * index.html (with the runtime config filled in, and the code of the landing screen named in
 * its head) for every client route.
 */
export async function registerSpa(app: FastifyInstance, config: Config, db: Db) {
  const indexFile = path.join(config.webDist, 'index.html')
  if (!existsSync(indexFile)) {
    app.log.warn(
      { webDist: config.webDist },
      'web app not built; run `npm run build` to serve the site',
    )
    return (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The Spellboard web app has not been built yet. Run `npm run build`, then restart.')
  }
  const built = readFileSync(indexFile, 'utf8')
  const index = built.replace(CONFIG_MARKER, configBlock(config, {}))
  const demoHead = built.replace(CONFIG_MARKER, configBlock(config, { catalogue: 'demo' }))
  const hints = landingHints(config.webDist, index)
  const image = landingImageTag(db, runtimeConfig(config), (error) =>
    app.log.warn({ err: error }, 'landing image lookup failed'),
  )
  const [head = index, rest = ''] = index.split('</head>', 2)
  const [demo = head] = demoHead.split('</head>', 2)
  const showsDemo = () =>
    showsDemoSet(db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'catalogue lookup failed')
      return false
    })
  await app.register(fastifyStatic, {
    root: config.webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset; files without them go out as they are.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
      res.header(
        'Cache-Control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
    },
  })
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw notFound('Not Found')
    }
    const [rawPath = '/', ...query] = request.url.split('?')
    const filePath = decodeURIComponent(rawPath)
    // Missing files with an extension are real 404s; everything else is a client route.
    if (path.extname(filePath) && !filePath.endsWith('.html')) {
      throw notFound('Not Found')
    }
    // Every page's address ends in a slash (SPEC §2): `/cards` moves to `/cards/`, query kept.
    // Only paths of one leading slash: `//host` would read as another site's address.
    if (!rawPath.endsWith('/') && /^\/[^/\\]/.test(rawPath) && !filePath.endsWith('.html')) {
      const search = query.length > 0 ? `?${query.join('?')}` : ''
      return reply.redirect(`${rawPath}/${search}`, 301)
    }
    const [shown, picture] = await Promise.all([showsDemo(), image(filePath)])
    const page = `${shown ? demo : head}${picture}${hints(request.url)}</head>${rest}`
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page)
  }
}
