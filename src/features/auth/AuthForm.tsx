import { Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { showApiError } from '../../ui/notify';

/** Mantine's default toggle label contains "password", which would make the label ambiguous. */
const visibilityToggle = { 'aria-label': 'Show typed characters' };

export interface AuthSubmit {
  /** True once the user pressed the button: the fields show their errors from then on. */
  tried: boolean;
  /** True while the call runs (the button shows it and cannot be pressed again). */
  loading: boolean;
  submit(event: FormEvent): Promise<void>;
}

/**
 * The submit of a sign-in screen: nothing is sent while `valid()` is false; a refused call shows
 * the server's message. After a success the button stays busy when `leaves` (the screen is left
 * right after), else it is ready again.
 */
export function useAuthSubmit(
  valid: () => boolean,
  send: () => Promise<void>,
  { leaves }: { leaves: boolean },
): AuthSubmit {
  const [tried, setTried] = useState(false);
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!valid()) return;
    setLoading(true);
    try {
      await send();
      if (!leaves) setLoading(false);
    } catch (error) {
      setLoading(false);
      await showApiError(error);
    }
  }

  return { tried, loading, submit };
}

/**
 * The layout the sign-in screens share (log in, forgot password, set password): a centred card
 * with the title, the fields, the submit button and what goes under it (a link back or on).
 */
export function AuthForm({
  title,
  form,
  submitLabel,
  children,
  footer,
}: {
  title: string;
  form: AuthSubmit;
  submitLabel: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400}>
        <Title order={1} size="h3" mb="lg">
          {title}
        </Title>
        <form onSubmit={(e) => void form.submit(e)} noValidate>
          <Stack>
            {children}
            <Button type="submit" loading={form.loading}>
              {submitLabel}
            </Button>
            {footer}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

/** The e-mail field of the log in and forgot password screens. */
export function EmailField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="username"
      inputMode="email"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      autoFocus
    />
  );
}

/** A password field of the log in and set password screens, with the show-characters toggle. */
export function PasswordField({
  label,
  autoComplete,
  value,
  onChange,
  error,
  autoFocus,
}: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      visibilityToggleButtonProps={visibilityToggle}
      autoFocus={autoFocus}
    />
  );
}
