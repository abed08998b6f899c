import { useLogOutEverywhere } from '../../api/players.ts'
import { Button } from '../../components/ui/button.tsx'
import { endSession } from '../../features/session/end-session.ts'
import { notify, notifyApiError } from '../../lib/toast.ts'

/**
 * Ends every session of the account: other browsers and devices (a lost phone, a shared
 * computer) and this one. The account page is login-only, so the player then leaves it.
 */
export function LogOutEverywhere() {
  const logOut = useLogOutEverywhere()
  return (
    <>
      <Button
        variant="secondary"
        busy={logOut.isPending}
        onClick={() =>
          logOut.mutate(undefined, {
            onSuccess: () => {
              endSession()
              notify.info('You have been logged out everywhere.')
            },
            onError: notifyApiError,
          })
        }
      >
        Log out everywhere
      </Button>
      <p>Ends every session of your account, on every device, this one included.</p>
    </>
  )
}
