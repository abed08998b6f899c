import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import { errorBodySchema } from '@spellboard/core/errors'
import {
  authTokenSchema,
  detailSchema,
  emailBodySchema,
  logInFormSchema,
  newPasswordSchema,
  wantsLongTermToken,
} from '@spellboard/core/users'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { BODY_LIMITS } from '../lib/body-limits.ts'
import { uuid4 } from '../lib/params.ts'
import { forbidden, invalid, tooLarge, unauthorized } from '../lib/refusal.ts'
import { requireUser } from '../plugins/auth.ts'
import { BANNED } from '../services/accounts/auth-user.ts'
import { deliverAccountMail } from '../services/accounts/delivery.ts'
import { passwordResetMail } from '../services/accounts/mail-texts.ts'
import {
  checkResetLink,
  completePasswordReset,
  requestPasswordReset,
} from '../services/accounts/resets.ts'
import { authTokenFor, checkCredentials, revokeToken } from '../services/accounts/sessions.ts'
import { startPasswordAttempt } from '../services/password-attempts.ts'
import { attemptKeys, createRateLimiter, enforceRateLimit } from '../services/rate-limit.ts'

const tags = ['session']

/** A log-in form carries a few short fields; anything bigger is not a log-in. */
const FORM_LIMITS = { fields: 20, fieldSize: 10_000, files: 4, fileSize: 10_000, parts: 30 }

/**
 * Multipart fields as a plain body, repeated names as lists like the url-encoded parser gives.
 * An uploaded file is no text field, so it stays an object that validation refuses. A body
 * the parser cannot read is the client's error, not ours. The multipart parser streams and
 * cuts an over-long field short instead of refusing it, so the route's body ceiling is kept
 * here: a cut field or a form past the ceiling is a 413, never a shortened password.
 */
async function readMultipartFields(request: FastifyRequest) {
  if (!request.isMultipart()) return
  const body: Record<string, unknown> = {}
  const add = (name: string, value: unknown) => {
    const previous = body[name]
    body[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value]
  }
  let size = 0
  const bodyTooLarge = () => tooLarge('Request body is too large')
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        size += (await part.toBuffer()).length
        add(part.fieldname, { filename: part.filename })
      } else {
        if (part.valueTruncated) throw bodyTooLarge()
        size += Buffer.byteLength(String(part.value))
        add(part.fieldname, part.value)
      }
      if (size > BODY_LIMITS.account) throw bodyTooLarge()
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error
    throw invalid('The form data could not be read.')
  }
  request.body = body
}

/** Log in and out (`/v2/token`) and password resets (`/v2/reset`), API.md §7.1. */
export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const limiter = createRateLimiter(deps.db, {
    windowSeconds: config.rateLimits.windowSeconds,
    now: deps.now,
  })

  // OAuth2 clients send the log-in form url-encoded, the web client as multipart. The parsers
  // live in this scope only, so every other route keeps accepting JSON alone. The log-in takes a
  // form and nothing else (API.md §3.1, §7.1): any other body, JSON included, reaches the schema
  // as text and is answered 422 like every other wrong body.
  routes.register(async (forms) => {
    forms.removeAllContentTypeParsers()
    forms.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      const text = body.toString()
      done(null, text === '' ? undefined : text)
    })
    await forms.register(formbody, { bodyLimit: 64 * 1024 })
    await forms.register(multipart, { limits: FORM_LIMITS })
    forms.addHook('preValidation', readMultipartFields)
    forms.withTypeProvider<ZodTypeProvider>().post(
      '/token',
      {
        schema: {
          tags,
          summary: 'Log in with e-mail and password',
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
          body: logInFormSchema,
          response: { 200: authTokenSchema, 401: errorBodySchema, 403: errorBodySchema },
        },
        preValidation: deps.auth.anonymousOnly,
        bodyLimit: BODY_LIMITS.account,
      },
      async (request) => {
        const { username: email, password, scope } = request.body
        const attempt = await startPasswordAttempt(limiter, {
          scope: 'login',
          ip: request.ip,
          account: email,
          limit: config.rateLimits.login,
        })
        const check = await checkCredentials(deps.db, email, password, deps.now())
        if (check.kind === 'invalid') {
          throw unauthorized('Incorrect username or password.')
        }
        // Only failed attempts count toward the limit: it stops guessing, not regular use.
        await attempt.succeeded()
        if (check.kind === 'banned') throw forbidden(BANNED)
        const lifetime = wantsLongTermToken(scope)
          ? config.rememberMeDays * 24 * 3600
          : config.tokenHours * 3600
        return authTokenFor(config.secretKey, check.user, lifetime, deps.now())
      },
    )
  })

  routes.delete(
    '/token',
    {
      schema: { tags, summary: 'Log out (revoke this token)', response: { 200: detailSchema } },
      preValidation: deps.auth.user,
    },
    async (request) => {
      const user = requireUser(request)
      if (!request.tokenClaims) throw unauthorized('Not authenticated')
      await revokeToken(deps.db, user.id, request.tokenClaims, deps.now())
      return { detail: 'Token successfully revoked.' }
    },
  )

  routes.post(
    '/reset',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset link',
        body: emailBodySchema,
        response: { 200: detailSchema, 404: errorBodySchema },
      },
      preValidation: deps.auth.anonymousOnly,
      bodyLimit: BODY_LIMITS.account,
    },
    async (request) => {
      const { email } = request.body
      await enforceRateLimit(
        limiter,
        attemptKeys('mail', request.ip, email),
        config.rateLimits.mail,
      )
      const reset = await requestPasswordReset(deps.db, email, deps.now())
      await deliverAccountMail(
        deps.mailer,
        request.log,
        passwordResetMail(config.publicUrl, reset.email, reset.token),
        'password reset',
      )
      return { detail: 'A link to reset your password has been sent to your e-mail.' }
    },
  )

  const resetLink = () => ({ now: deps.now(), lifetimeHours: config.resetTokenHours })

  routes.get(
    '/reset/:token',
    {
      schema: {
        tags,
        summary: 'Whether a reset link still works (for the reset page)',
        params: z.object({ token: uuid4 }),
        response: { 200: detailSchema, 404: errorBodySchema },
      },
      preValidation: deps.auth.anonymousOnly,
    },
    async (request) => {
      await checkResetLink(deps.db, request.params.token, resetLink())
      return { detail: 'This reset link is valid.' }
    },
  )

  routes.post(
    '/reset/:token',
    {
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed token',
        params: z.object({ token: uuid4 }),
        body: newPasswordSchema,
        response: { 200: authTokenSchema, 404: errorBodySchema },
      },
      preValidation: deps.auth.anonymousOnly,
      bodyLimit: BODY_LIMITS.account,
    },
    async (request) => {
      const user = await completePasswordReset(
        deps.db,
        request.params.token,
        request.body.password,
        resetLink(),
      )
      return authTokenFor(config.secretKey, user, config.tokenHours * 3600, deps.now())
    },
  )
}
