import { Alert, Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { SubmitButton } from '../../../ui/SubmitButton.tsx';

interface Props {
  title: string;
  /** False for a new record: the button reads 'Cadastrar' (spec part 2 §8), else 'Salvar'. */
  editing: boolean;
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  /** A refusal that names no field of the form. */
  problem: string | null;
  size?: ModalProps['size'];
  children: ReactNode;
}

/** The add/edit modal of every administration screen. Rendered only while open, so it starts fresh. */
export function FormModal({
  title,
  editing,
  onClose,
  onSubmit,
  pending,
  problem,
  size = 'lg',
  children,
}: Props) {
  return (
    <Modal opened onClose={onClose} title={title} size={size} centered closeOnClickOutside={!pending}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {problem && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {problem}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancelar
            </Button>
            <SubmitButton pending={pending}>{editing ? 'Salvar' : 'Cadastrar'}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
