import { Modal, Text } from '@mantine/core';
import { BatchTraysMessages as M, type TrayRow } from '../../../contract/batch-trays';
import { FactTable } from '../../ui/FactTable';
import { eurosFromThousandths, localDateTime, personName, yesNo } from '../../ui/format';

/** A euro amount of the editor's rows (exact to the thousandth) as people read it. */
const money = (euro: number) => eurosFromThousandths(Math.round(euro * 1000));

/** The tray's extra info: who made and last edited it, its variant's set condition and prices. */
export function ExtraInfoModal({ tray, onClose }: { tray: TrayRow | null; onClose: () => void }) {
  const edited = tray?.date_of_last_edit != null;
  const facts: [string, string][] = tray
    ? [
        ['Created by', personName(tray.creator_name)],
        ['Creation date', localDateTime(tray.date_of_creation)],
        ['Last edited by', edited ? personName(tray.last_editor_name) : ''],
        ['Last edit date', edited ? localDateTime(tray.date_of_last_edit) : ''],
        ['Set condition', tray.completeness ?? ''],
        ['Is public', yesNo(tray.is_public)],
        ['Price in item database', tray.item_price === null ? '' : money(tray.item_price)],
        ['Total price', money(tray.total_price)],
      ]
    : [];
  return (
    <Modal
      opened={tray !== null}
      onClose={onClose}
      closeOnClickOutside={false}
      title={tray ? `Tray ${tray.tray_nr}` : ''}
    >
      {tray?.item_id === null && (
        <Text c="red" mb="sm">
          {M.itemNotInDatabase}
        </Text>
      )}
      <FactTable facts={facts} />
    </Modal>
  );
}
