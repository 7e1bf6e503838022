import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthMessages as AuthTexts } from '../../../contract/auth-messages';
import { useSession } from '../../app/session';
import { showApiError } from '../../ui/notify';
import { AuthCard, visibilityToggle } from './AuthCard';
import { logIn } from './authApi';

/**
 * Login: e-mail and password, both required. After success the guard sends the user on: to the
 * route saved before login (unless it is '/'), else to the home of their roles.
 */
export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const [loading, setLoading] = useState(false);

  const emailError = tried && !email.trim() ? AuthTexts.emailRequired : undefined;
  const passwordError = tried && !password ? AuthTexts.passwordRequired : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!email.trim() || !password) return;
    setLoading(true);
    try {
      const answer = await logIn(email.trim(), password);
      await useSession.getState().signInStored(answer);
      // Ask the browser to keep this origin's storage (the session and the outbox live there);
      // loaded on demand, with the PWA helpers.
      void import('../../app/pwa').then((pwa) => pwa.requestPersistentStorage());
    } catch (error) {
      setLoading(false);
      await showApiError(error);
    }
  }

  const forgotLink = email.trim()
    ? `/forgot_password?${new URLSearchParams({ email: email.trim() }).toString()}`
    : '/forgot_password';

  return (
    <AuthCard title="Log in">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
            autoFocus
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={passwordError}
            visibilityToggleButtonProps={visibilityToggle}
          />
          <Button type="submit" disabled={loading} loading={loading}>
            Log in
          </Button>
          <Anchor component={Link} to={forgotLink} size="sm">
            Forgot password
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
