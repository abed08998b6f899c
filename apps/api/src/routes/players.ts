import { errorBodySchema } from '@spellboard/core/errors'
import {
  authTokenSchema,
  changePasswordSchema,
  detailSchema,
  emailBodySchema,
  exportTokenSchema,
  moderationResultSchema,
  moderationSchema,
  profilePatchSchema,
  registrationSchema,
  userPublicSchema,
  userSelfSchema,
} from '@spellboard/core/users'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { BODY_LIMITS } from '../lib/body-limits.ts'
import { uuid4 } from '../lib/params.ts'
import { invalid, notFound, unauthorized, unprocessable } from '../lib/refusal.ts'
import { requireUser } from '../plugins/auth.ts'
import { deliverAccountMail } from '../services/accounts/delivery.ts'
import {
  INVITATION_GONE,
  isInvitationValid,
  redeemInvitation,
  requestInvitation,
} from '../services/accounts/invitations.ts'
import { invitationMail } from '../services/accounts/mail-texts.ts'
import { changePassword } from '../services/accounts/password-change.ts'
import { authTokenFor, endSessions } from '../services/accounts/sessions.ts'
import {
  badgeExists,
  deckExportToken,
  findPasswordHash,
  findPublicProfile,
  moderatePlayer,
  toUserSelf,
  USER_NOT_FOUND,
  updateProfile,
} from '../services/accounts/users.ts'
import { startPasswordAttempt } from '../services/password-attempts.ts'
import { verifyPassword } from '../services/passwords.ts'
import { attemptKeys, createRateLimiter, enforceRateLimit } from '../services/rate-limit.ts'

const tags = ['players']
const badgeParams = z.object({ badge: z.string() })
const tokenParams = z.object({ token: uuid4 })

/** Sign-up by invitation, the caller's account, public profiles and moderation (API.md §7.1). */
export function playersRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const limiter = createRateLimiter(deps.db, {
    windowSeconds: config.rateLimits.windowSeconds,
    now: deps.now,
  })
  const invitationLink = () => ({ now: deps.now(), lifetimeDays: config.inviteTokenDays })

  routes.post(
    '/players/new',
    {
      schema: {
        tags,
        summary: 'E-mail an invitation to create an account',
        body: emailBodySchema,
        response: { 201: detailSchema, 400: errorBodySchema },
      },
      preValidation: deps.auth.anonymousOnly,
      bodyLimit: BODY_LIMITS.account,
    },
    async (request, reply) => {
      const { email } = request.body
      await enforceRateLimit(
        limiter,
        attemptKeys('mail', request.ip, email),
        config.rateLimits.mail,
      )
      const invitation = await requestInvitation(deps.db, email, invitationLink())
      await deliverAccountMail(
        deps.mailer,
        request.log,
        invitationMail(config.publicUrl, email, invitation.token),
        'invitation',
      )
      return reply.code(201).send({
        detail: 'Your invitation has been sent! Please follow the link in your e-mail.',
      })
    },
  )

  routes.get(
    '/players/new/:token',
    {
      schema: {
        tags,
        summary: 'Whether an invitation link still works (for the sign-up page)',
        params: tokenParams,
        response: { 200: detailSchema, 404: errorBodySchema },
      },
      preValidation: deps.auth.anonymousOnly,
    },
    async (request) => {
      if (!(await isInvitationValid(deps.db, request.params.token, invitationLink()))) {
        throw notFound(INVITATION_GONE)
      }
      return { detail: 'This invitation is valid.' }
    },
  )

  routes.post(
    '/players/new/:token',
    {
      schema: {
        tags,
        summary: 'Create the account of an invitation',
        params: tokenParams,
        body: registrationSchema,
        response: { 201: authTokenSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
      preValidation: deps.auth.anonymousOnly,
    },
    async (request, reply) => {
      const user = await redeemInvitation(
        deps.db,
        request.params.token,
        request.body,
        invitationLink(),
      )
      const token = await authTokenFor(config.secretKey, user, config.tokenHours * 3600, deps.now())
      return reply.code(201).send(token)
    },
  )

  routes.get(
    '/players/me',
    {
      schema: { tags, summary: 'The caller’s account', response: { 200: userSelfSchema } },
      preValidation: deps.auth.user,
    },
    async (request) => toUserSelf(requireUser(request)),
  )

  routes.patch(
    '/players/me',
    {
      schema: {
        tags,
        summary: 'Update the caller’s profile and preferences',
        body: profilePatchSchema,
        response: { 200: userSelfSchema },
      },
      preValidation: deps.auth.user,
    },
    async (request) => {
      const user = requireUser(request)
      const updated = await updateProfile(deps.db, user.id, request.body, deps.now())
      if (!updated) throw unauthorized('Not authenticated')
      return toUserSelf(updated)
    },
  )

  routes.post(
    '/players/me/password',
    {
      schema: {
        tags,
        summary: 'Change the caller’s password (their other sessions end)',
        body: changePasswordSchema,
        response: { 200: detailSchema },
      },
      preValidation: deps.auth.user,
      bodyLimit: BODY_LIMITS.account,
    },
    async (request) => {
      const user = requireUser(request)
      const { current_password, password } = request.body
      // Guessing the current password with a stolen session is throttled like log-in.
      const attempt = await startPasswordAttempt(limiter, {
        scope: 'password',
        ip: request.ip,
        account: String(user.id),
        limit: config.rateLimits.login,
      })
      const check = await verifyPassword(current_password, await findPasswordHash(deps.db, user.id))
      if (!check.ok) {
        throw unprocessable([
          {
            type: 'value_error',
            loc: ['body', 'current_password'],
            msg: 'Current password is invalid.',
            input: current_password,
          },
        ])
      }
      await attempt.succeeded()
      await changePassword(deps.db, user.id, password, request.tokenClaims, deps.now())
      return { detail: 'Your password has been updated!' }
    },
  )

  routes.delete(
    '/players/me/sessions',
    {
      schema: {
        tags,
        summary: 'Log out everywhere: end every session of the caller, this one included',
        response: { 200: detailSchema },
      },
      preValidation: deps.auth.user,
    },
    async (request) => {
      await endSessions(deps.db, requireUser(request).id, null, deps.now())
      return { detail: 'You have been logged out everywhere.' }
    },
  )

  routes.get(
    '/players/me/export',
    {
      schema: {
        tags,
        summary: 'The token another site uses to copy the caller’s decks',
        response: { 200: exportTokenSchema, 400: errorBodySchema },
      },
      preValidation: deps.auth.user,
    },
    async (request) => {
      const user = requireUser(request)
      if (!config.allowExports) {
        throw invalid('Deck exports are disallowed for this site.')
      }
      return { export_token: await deckExportToken(deps.db, user.id) }
    },
  )

  // Public profiles ignore the Authorization header entirely: a stale token still reads them.
  routes.get(
    '/players/:badge',
    {
      schema: {
        tags,
        summary: 'A player’s public profile',
        params: badgeParams,
        response: { 200: userPublicSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const profile = await findPublicProfile(deps.db, request.params.badge)
      if (!profile) throw notFound('Player not found.')
      return profile
    },
  )

  routes.patch(
    '/players/:badge',
    {
      schema: {
        tags,
        summary: 'Moderate a player (admins)',
        params: badgeParams,
        body: moderationSchema,
        response: { 200: moderationResultSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
      // An unknown badge is answered before the body is judged (after the admin check).
      preValidation: [
        deps.auth.admin,
        async (request) => {
          const { badge } = request.params as { badge: string }
          if (!(await badgeExists(deps.db, badge))) throw notFound(USER_NOT_FOUND)
        },
      ],
    },
    (request) => {
      const admin = requireUser(request)
      return moderatePlayer(deps.db, request.params.badge, admin.id, request.body, deps.now())
    },
  )
}
