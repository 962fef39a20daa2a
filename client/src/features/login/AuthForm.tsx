import type { SessionGrant } from '@kabu/shared/api/user'
import type { ComponentProps, ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { sendSession } from '../../state/session'
import { FormSwitchLink } from '../../ui/form/FormSwitchLink'
import { FormTextField } from '../../ui/form/FormTextField'
import { SubmitForm } from '../../ui/form/SubmitForm'
import { AuthFrame } from './AuthFrame'
import { LanguageMenu } from './LanguageMenu'

/** The login and register forms: brand and language menu, the fields, then the other form's link. */
export function AuthForm({
  titleId,
  switchLink,
  children,
  ...form
}: Omit<ComponentProps<typeof SubmitForm>, 'footer' | 'padding'> & {
  titleId: string
  switchLink: ComponentProps<typeof FormSwitchLink>
  children: ReactNode
}) {
  return (
    <AuthFrame top={<LanguageMenu />} title={<FormattedMessage id={titleId} />}>
      <SubmitForm {...form} footer={<FormSwitchLink {...switchLink} />}>
        {children}
      </SubmitForm>
    </AuthFrame>
  )
}

/** The account input of both forms. */
export function AccountField(
  props: Omit<ComponentProps<typeof FormTextField>, 'labelId' | 'autoComplete' | 'password'>,
) {
  return <FormTextField {...props} labelId="login.field.account" autoComplete="username" />
}

/** After login or register: the session starts, and loginAfter loads what the home screen needs. */
export function useEnterApp() {
  const navigate = useNavigate()
  return async (grant: SessionGrant) => {
    await sendSession({ type: 'LOGGED_IN', token: grant.token, account: grant.account })
    navigate('/login/loginAfter', { replace: true })
  }
}
