import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthMessages as AuthTexts } from '../../../contract/auth-messages';
import { notifySuccess } from '../../ui/notify';
import { AuthForm, EmailField, useAuthSubmit } from './AuthForm';
import { requestPasswordReset } from './authApi';

/**
 * Forgot password: the e-mail typed on the login page arrives as ?email=. The answer is always the
 * same text, so it does not reveal whether the address has an account.
 */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const form = useAuthSubmit(
    () => !!email.trim(),
    async () => {
      await requestPasswordReset(email.trim());
      notifySuccess(AuthTexts.resetRequested);
    },
    { leaves: false },
  );
  const emailError = form.tried && !email.trim() ? AuthTexts.emailRequired : undefined;

  return (
    <AuthForm
      title="Forgot password"
      form={form}
      submitLabel="Send"
      footer={
        <Anchor component={Link} to="/" size="sm">
          Back to log in
        </Anchor>
      }
    >
      <Text size="sm">We will e-mail you a link to choose a new password.</Text>
      <EmailField value={email} onChange={setEmail} error={emailError} />
    </AuthForm>
  );
}
