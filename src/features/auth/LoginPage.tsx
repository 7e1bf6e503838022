import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthMessages as AuthTexts } from '../../../contract/auth-messages';
import { useSession } from '../../app/session';
import { AuthForm, EmailField, PasswordField, useAuthSubmit } from './AuthForm';
import { logIn } from './authApi';

/**
 * Login: e-mail and password, both required. After success the guard sends the user on: to the
 * route saved before login (unless it is '/'), else to the home of their roles.
 */
export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useAuthSubmit(
    () => !!email.trim() && !!password,
    async () => {
      const answer = await logIn(email.trim(), password);
      await useSession.getState().signInStored(answer);
      // Ask the browser to keep this origin's storage (the session and the outbox live there);
      // loaded on demand, with the PWA helpers.
      void import('../../app/pwa').then((pwa) => pwa.requestPersistentStorage());
    },
    { leaves: true },
  );

  const emailError = form.tried && !email.trim() ? AuthTexts.emailRequired : undefined;
  const passwordError = form.tried && !password ? AuthTexts.passwordRequired : undefined;
  const forgotLink = email.trim()
    ? `/forgot_password?${new URLSearchParams({ email: email.trim() }).toString()}`
    : '/forgot_password';

  return (
    <AuthForm
      title="Log in"
      form={form}
      submitLabel="Log in"
      footer={
        <Anchor component={Link} to={forgotLink} size="sm">
          Forgot password
        </Anchor>
      }
    >
      <EmailField value={email} onChange={setEmail} error={emailError} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={passwordError}
      />
    </AuthForm>
  );
}
