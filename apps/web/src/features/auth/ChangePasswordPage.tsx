import { Alert, Anchor, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../app/session/useSession.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { useChangePasswordForm } from './useChangePasswordForm.ts';

/** First sign-in (trocar_senha = 0): the user must choose a password before anything else. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const email = useSession()?.user.email ?? '';
  const { form, submit, pending, problem } = useChangePasswordForm(() =>
    navigate('/dashboard', { replace: true }),
  );

  return (
    <AuthLayout title="Trocar Senha" subtitle="Por segurança, defina uma nova senha para continuar.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {problem && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {problem}
            </Alert>
          )}
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label="Senha atual"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('senha_atual')}
          />
          <PasswordInput label="Nova senha" autoComplete="new-password" {...form.getInputProps('password')} />
          <SubmitButton pending={pending} fullWidth size="md">
            Trocar Senha
          </SubmitButton>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/logout" replace>
              Sair
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
