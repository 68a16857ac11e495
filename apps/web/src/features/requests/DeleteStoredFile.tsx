import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** Deletes a slot's stored file (after the confirmation the section asks). */
export function DeleteStoredFile({ label, onDelete }: { label: string; onDelete: () => void }) {
  return (
    <Tooltip label="Apagar arquivo">
      <ActionIcon variant="subtle" color="red" aria-label={`Apagar ${label}`} onClick={onDelete}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
