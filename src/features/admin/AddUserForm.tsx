import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  ADD_USER_EMPTY_EMAIL,
  ADD_USER_SUCCESS,
  type AddUserRequest,
  type MessageResponse,
} from '../../../contract/admin';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useApiCall } from '../../ui/useApiCall';

/**
 * Add user: e-mail required, name defaults to the e-mail. The user is created without a password;
 * the server e-mails the invitation link (docs/access.md).
 */
export function AddUserForm({ onAdded }: { onAdded: () => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [busy, whileBusy] = useApiCall();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const userEmail = email.trim();
    if (!userEmail) {
      notifyError(ADD_USER_EMPTY_EMAIL);
      return;
    }
    const body: AddUserRequest = { user_email: userEmail, user_name: name.trim() || userEmail };
    await whileBusy(async () => {
      const answer = await api.post('user', { json: body }).json<MessageResponse>();
      notifySuccess(answer.message || ADD_USER_SUCCESS);
      setEmail('');
      setName('');
      onAdded();
    });
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-user-title">
      <Title order={3} id="add-user-title" mb="sm">
        Add user
      </Title>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <TextInput
            label="Username"
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            Add user
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
