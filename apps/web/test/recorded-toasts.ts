/**
 * A stand-in for `lib/toast.ts` that records what the player would be told, for tests of code
 * that toasts: `vi.mock('…/lib/toast.ts', () => import('…/test/recorded-toasts.ts'))`.
 */
export const toasts: { kind: string; message: string }[] = []

const record = (kind: string) => (message: string) => {
  toasts.push({ kind, message })
}

export const notify = {
  success: record('success'),
  info: record('info'),
  warning: record('warning'),
  error: record('error'),
}

export const notifyApiError = (error: unknown) =>
  toasts.push({ kind: 'error', message: String(error) })
