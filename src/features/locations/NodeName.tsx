import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import classes from './tree.module.css';
import { rename } from './treeActions';
import { useTreeStore } from './treeStore';

/** The name of a node; in editing mode a click turns it into an input with Save and cancel. */
export function NodeName({ id, name, editable }: { id: number; name: string; editable: boolean }) {
  const store = useTreeStore();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (!editable) return <span className={classes.name}>{name}</span>;
  if (draft === null) {
    return (
      <button
        type="button"
        className={classes.renameable}
        onClick={() => setDraft(name)}
        title="Click to rename"
      >
        {name}
      </button>
    );
  }

  async function save() {
    if (draft === null || !draft.trim()) return;
    setSaving(true);
    const ok = await rename(store, id, draft.trim());
    setSaving(false);
    if (ok) setDraft(null);
  }

  return (
    <Group
      gap={4}
      wrap="nowrap"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextInput
        size="xs"
        aria-label="Location name"
        value={draft}
        autoFocus
        maxLength={100}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Escape' && setDraft(null)}
      />
      <Button size="compact-xs" type="submit" loading={saving} disabled={!draft.trim()}>
        Save
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => setDraft(null)}>
        Cancel
      </Button>
    </Group>
  );
}
