import type { ValidationIssue } from '@spellboard/core/errors'

/** The statuses a request can be refused with (API.md §2.2). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 412 | 413 | 422 | 429

/**
 * The one way the API refuses a request. Services and routes throw it (so a transaction in
 * progress rolls back); the error handler answers `{"detail": …}`: a sentence, or for 422 the
 * issue list of API.md §2.1. `headers` go out with the answer (`Retry-After` on 429).
 */
export class Refusal extends Error {
  override name = 'Refusal'
  readonly statusCode: RefusalStatus
  readonly detail: string | ValidationIssue[]
  readonly headers: Readonly<Record<string, string>>
  constructor(
    statusCode: RefusalStatus,
    detail: string | ValidationIssue[],
    headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : 'Request validation failed')
    this.statusCode = statusCode
    this.detail = detail
    this.headers = headers
  }
}

/** 400: a business rule says no. */
export const invalid = (detail: string) => new Refusal(400, detail)
/** 401: no usable credentials; the answer carries `WWW-Authenticate: Bearer`. */
export const unauthorized = (detail: string) => new Refusal(401, detail)
/** 403: known caller, not allowed. */
export const forbidden = (detail: string) => new Refusal(403, detail)
/** 404: no such thing (or none this caller may know of). */
export const notFound = (detail: string) => new Refusal(404, detail)
/** 412: the request's precondition (`If-Match`) does not hold; nothing was done. */
export const preconditionFailed = (detail: string) => new Refusal(412, detail)
/** 413: the request body is over its limit. */
export const tooLarge = (detail: string) => new Refusal(413, detail)
/** 422: the request does not match its schema. */
export const unprocessable = (issues: ValidationIssue[]) => new Refusal(422, issues)
/** 429: too many attempts; try again after `retryAfter` seconds. */
export const tooMany = (detail: string, retryAfter: number) =>
  new Refusal(429, detail, { 'Retry-After': String(retryAfter) })
