import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { StoreMessages } from '../../../contract/bricksyncer';
import { showApiError } from '../../ui/notify';
import { deleteStore } from './api';
import { useStore } from './useStore';

/** Delete confirmation: Yes deletes the store with its stock and orders, No goes back. */
export default function DeleteStorePage() {
  const { storeId, store } = useStore();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (store === undefined) return <Loader />;
  if (store === null) return <Text>{StoreMessages.notFound}</Text>;

  async function yes() {
    setBusy(true);
    try {
      await deleteStore(storeId);
      void navigate('/bricksyncer/stores');
    } catch (error) {
      setBusy(false);
      await showApiError(error);
    }
  }
  return (
    <Stack>
      <Text>{StoreMessages.deleteQuestion(store.attributes.name)}</Text>
      <Group>
        <Button color="red" loading={busy} onClick={() => void yes()}>
          Yes
        </Button>
        <Button variant="default" onClick={() => void navigate('/bricksyncer/stores')}>
          No
        </Button>
      </Group>
    </Stack>
  );
}
