import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** OpenAPI generated from the same zod schemas that validate requests, browsable at /docs. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Spellboard API',
        description: 'The /v2 API of Spellboard, compatible with clients of the Ashes.live API.',
        version: '2.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The UI's own inline scripts need a looser policy than the site's.
    staticCSP: true,
    transformStaticCSP: (header) => header,
  })
}
