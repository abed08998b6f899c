import type { ValidationIssue } from '@spellboard/core/errors'
import { TIMINGS } from '@spellboard/core/limits'
import { ApiError } from '../api/client.ts'

type Kind = 'success' | 'info' | 'warning' | 'error'

// The toast library loads with the toaster, after the first paint; calls made before queue up.
function show(kind: Kind, message: string) {
  const duration = kind === 'error' ? TIMINGS.toastErrorMs : TIMINGS.toastMs
  void import('sonner').then(({ toast }) => toast[kind](message, { duration }))
}

/** Toasts with SPEC's time-outs: errors stay 30 s, everything else 15 s. */
export const notify = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
}

export const UNKNOWN_SERVER_ERROR = 'Unknown server error: please report this!'

/** Lines of an error toast for a failed call (SPEC §8): the 422 list, the detail, or a fallback. */
export function describeApiError(error: unknown): string[] {
  if (error instanceof ApiError) {
    if (error.status === 422 && Array.isArray(error.detail)) {
      const issues: ValidationIssue[] = error.detail
      return [
        'Invalid submission:',
        ...issues.map((issue) => `${String(issue.loc.at(-1))}: ${issue.msg}`),
      ]
    }
    if (typeof error.detail === 'string' && error.detail) return [error.detail]
  }
  return [UNKNOWN_SERVER_ERROR]
}

/** The shared response error handler: every failed mutation ends here. */
export function notifyApiError(error: unknown) {
  notify.error(describeApiError(error).join('\n'))
}
