import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useState } from 'react';
import { applyUpdate, useUpdateState } from './service-worker';

export const UpdateTexts = {
  available: 'A new version is available.',
  reload: 'Reload',
  finishSyncing: 'Finish syncing before updating',
} as const;

export interface UpdatePromptProps {
  /**
   * False while the update must wait (unsent outbox entries, a pick or fill in progress).
   * Without it the update applies when the user clicks Reload.
   */
  canUpdate?: () => Promise<boolean>;
}

/** Offers a waiting release of the app; it applies only when the user clicks Reload. */
export function UpdatePrompt({ canUpdate }: UpdatePromptProps) {
  const updateWaiting = useUpdateState((s) => s.updateWaiting);
  const [blocked, setBlocked] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!updateWaiting) return null;

  async function reload() {
    setBusy(true);
    try {
      if (canUpdate && !(await canUpdate())) {
        setBlocked(true);
        return;
      }
      setBlocked(false);
      applyUpdate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={400}>
      <Notification
        role="status"
        title={UpdateTexts.available}
        withCloseButton={false}
        color="blue"
        maw={360}
      >
        {blocked && (
          <Text size="sm" c="orange.8" mb="xs">
            {UpdateTexts.finishSyncing}
          </Text>
        )}
        <Group justify="flex-end">
          <Button size="xs" onClick={() => void reload()} loading={busy}>
            {UpdateTexts.reload}
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
