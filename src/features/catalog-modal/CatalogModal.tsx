import { Modal } from '@mantine/core';
import { CatalogBrowser } from './CatalogBrowser';
import type { CatalogAddition } from './types';

export interface CatalogModalProps {
  opened: boolean;
  onClose: () => void;
  /**
   * Called with the items the user adds (Add item: one; Add all children / parents / relations:
   * each of them that the warehouse has a mould for), one entry per new tray. The modal stays
   * open so more can be added. Pass them to `addCatalogTrays(batchId, items)` to save them as
   * trays, or keep them as pending rows.
   */
  onAdd: (items: CatalogAddition[]) => void;
  /** Open on this mould's info instead of the list (the mould-catalog toggle). */
  moldId?: number | null;
}

/** The catalog as a modal of the batch trays editor, with adding allowed. */
export function CatalogModal({ opened, onClose, onAdd, moldId }: CatalogModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Catalog" size="80rem">
      {opened && <CatalogBrowser key={moldId ?? 'list'} onAdd={onAdd} initialMouldId={moldId} />}
    </Modal>
  );
}
