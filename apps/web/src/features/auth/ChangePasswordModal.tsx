import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { SessionUser } from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useChangePasswordForm } from './useChangePasswordForm.ts';

interface Props {
  user: SessionUser;
  onClose: () => void;
}

/**
 * "Alterar senha" of the user menu: the current password is required (GUIDE §7), and the server
 * ends the user's sessions elsewhere; this browser's tabs share this one and stay signed in.
 */
export function ChangePasswordModal({ user, onClose }: Props) {
  const { form, submit, pending, problem } = useChangePasswordForm(onClose);
  return (
    <Modal opened onClose={onClose} title="Alterar senha" centered closeOnClickOutside={!pending}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {problem && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {problem}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            Ao alterar a senha, as suas sessões em outros dispositivos são encerradas.
          </Text>
          <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <PasswordInput
            label="Senha atual"
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('senha_atual')}
          />
          <PasswordInput
            label="Nova senha"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancelar
            </Button>
            <SubmitButton pending={pending}>Alterar senha</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
