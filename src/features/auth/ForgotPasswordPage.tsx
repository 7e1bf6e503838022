import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthMessages as AuthTexts } from '../../../contract/auth-messages';
import { notifySuccess, showApiError } from '../../ui/notify';
import { AuthCard } from './AuthCard';
import { requestPasswordReset } from './authApi';

/**
 * Forgot password: the e-mail typed on the login page arrives as ?email=. The answer is always the
 * same text, so it does not reveal whether the address has an account.
 */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [tried, setTried] = useState(false);
  const [loading, setLoading] = useState(false);
  const emailError = tried && !email.trim() ? AuthTexts.emailRequired : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!email.trim()) return;
    setLoading(true);
    try {
      await requestPasswordReset(email.trim());
      notifySuccess(AuthTexts.resetRequested);
    } catch (error) {
      await showApiError(error);
    } finally {
      setLoading(false);
    }
  }

  return (
    <AuthCard title="Forgot password">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm">We will e-mail you a link to choose a new password.</Text>
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
          <Button type="submit" loading={loading}>
            Send
          </Button>
          <Anchor component={Link} to="/" size="sm">
            Back to log in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
