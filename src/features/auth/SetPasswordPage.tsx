import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { AuthMessages as AuthTexts } from '../../../contract/auth-messages';
import { notifySuccess, showApiError } from '../../ui/notify';
import { AuthCard, visibilityToggle } from './AuthCard';
import { setPassword } from './authApi';

export const PASSWORDS_DIFFER = 'The two passwords are not the same.';

function passwordProblem(password: string): string | undefined {
  if (!password) return AuthTexts.passwordRequired;
  if (password.length < 8) return AuthTexts.passwordTooShort;
  if (password.length > 200) return AuthTexts.passwordTooLong;
  return undefined;
}

/**
 * Set password (8 to 200 characters): the single-use token in the path is the credential; then
 * back to '/' to log in.
 */
export default function SetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPasswordValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);
  const [loading, setLoading] = useState(false);

  const passwordError = tried ? passwordProblem(password) : undefined;
  const repeatError = tried && !passwordError && repeat !== password ? PASSWORDS_DIFFER : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (passwordProblem(password) || repeat !== password) return;
    setLoading(true);
    try {
      await setPassword(token, password);
      notifySuccess(AuthTexts.passwordSet);
      navigate('/', { replace: true });
    } catch (error) {
      setLoading(false);
      await showApiError(error);
    }
  }

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPasswordValue(e.currentTarget.value)}
            error={passwordError}
            visibilityToggleButtonProps={visibilityToggle}
            autoFocus
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={repeatError}
            visibilityToggleButtonProps={visibilityToggle}
          />
          <Button type="submit" loading={loading}>
            Save password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
