import { Checkbox, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { getDb, type OutboxEntry, type WarehouseDb } from '../offline/db';
import {
  entryFacts,
  forgetGoneEntries,
  keepEntryFacts,
  markTold,
  PUT_BACK_KEY,
  readIds,
  setPutBack,
} from './entryFacts';
import { NOTICE_PLACEMENT } from './notify';
import { useNoticeRoom } from './useNoticeLift';
import { describeEntry, groupEntries, type EntryWords, type PutBackLine } from './outboxWords';

/** A sync problem with the words it is told in. */
export interface ProblemRow {
  entry: OutboxEntry;
  words: EntryWords;
}

async function problemRows(db: WarehouseDb, entries: OutboxEntry[]): Promise<ProblemRow[]> {
  return Promise.all(
    entries.map(async (entry) => ({
      entry,
      words: describeEntry(entry, await entryFacts(db, entry)),
    })),
  );
}

/** The put-back list: what a refused pick left in the picker's hands and where it goes back. */
export function PutBackList({ lines }: { lines: readonly PutBackLine[] }) {
  const ticks = useLiveQuery(() => readIds(getDb(), PUT_BACK_KEY), []);
  if (lines.length === 0) return null;
  return (
    <Stack gap={6} data-testid="put-back-list">
      <Text size="sm" fw={700}>
        Put back
      </Text>
      {lines.map((line) => (
        <Checkbox
          key={line.entryId}
          size="md"
          checked={!!ticks?.[line.entryId]}
          onChange={(event) => void setPutBack(getDb(), line.entryId, event.currentTarget.checked)}
          label={`${line.quantity} × ${line.item} → ${line.locationCode}`}
        />
      ))}
    </Stack>
  );
}

function RefusalNotice({ rows }: { rows: ProblemRow[] }) {
  const putBack = rows.flatMap((row) => (row.words.putBack ? [row.words.putBack] : []));
  return (
    <Stack gap="xs" data-testid="refusal-notice" mah="50vh" style={{ overflowY: 'auto' }}>
      {rows.map(({ entry, words }) => (
        <div key={entry.id}>
          <Text size="sm" fw={600}>
            {words.what}
          </Text>
          <Text size="sm">{words.reason}</Text>
          {!words.putBack && (
            <Text size="sm" c="dimmed">
              {words.todo}
            </Text>
          )}
        </div>
      ))}
      <PutBackList lines={putBack} />
      {putBack.length > 0 && (
        <Text size="xs" c="dimmed">
          The list stays under Sync problems until you dismiss the refusals.
        </Text>
      )}
    </Stack>
  );
}

/** Ids of the refusal notices on screen. */
const shown = new Set<string>();

/** Close the refusal notices (the sync problems list, opened, says the same). */
export function hideRefusalNotices() {
  for (const id of shown) notifications.hide(id);
  shown.clear();
}

/**
 * Watches the outbox: keeps the facts of every waiting change while its rows are on the device,
 * and tells each refusal at once, in a notice at the bottom of the screen (away from the location
 * code and the sync badge), one per order or tray, with the put-back list for refused picks.
 */
export function RefusalWatcher() {
  const entries = useLiveQuery(() => getDb().outbox.toArray(), []);
  // Mounted once for a signed-in user: notices keep room at the end of screens without a bar.
  useNoticeRoom();

  useEffect(() => {
    if (!entries) return;
    const db = getDb();
    let live = true;
    void (async () => {
      const waiting = entries.filter((e) => e.state !== 'rejected');
      await keepEntryFacts(db, waiting);
      await forgetGoneEntries(db, new Set(entries.map((e) => e.id)));
      const rejected = entries.filter((e) => e.state === 'rejected');
      if (!live || rejected.length === 0) return;
      const fresh = new Set(
        await markTold(
          db,
          rejected.map((e) => e.id),
        ),
      );
      if (fresh.size === 0) return;
      const rows = await problemRows(
        db,
        rejected.filter((e) => fresh.has(e.id)).sort((a, b) => a.seq - b.seq),
      );
      for (const group of groupEntries(rows)) {
        const id = `refusal:${group.key}:${group.rows[0].entry.id}`;
        shown.add(id);
        notifications.show({
          id,
          onClose: () => shown.delete(id),
          ...NOTICE_PLACEMENT,
          // Taller than an ordinary notice (the put-back list); its content scrolls.
          style: { maxHeight: '65vh' },
          color: 'red',
          autoClose: false,
          title: `${group.group}: the server refused ${
            group.rows.length === 1 ? 'a change' : `${group.rows.length} changes`
          }`,
          message: <RefusalNotice rows={group.rows} />,
        });
      }
    })().catch(() => {
      // The notice is a courtesy: the sync problems list shows the same.
    });
    return () => {
      live = false;
    };
  }, [entries]);

  return null;
}

/** The sync problems (refused and stuck changes) with their words, live. */
export function useProblemRows(entries: OutboxEntry[] | undefined): ProblemRow[] | undefined {
  return useLiveQuery(() => (entries ? problemRows(getDb(), entries) : undefined), [entries]);
}
