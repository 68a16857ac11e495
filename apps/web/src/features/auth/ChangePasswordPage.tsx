import { Alert, Anchor, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { newPasswordProblem } from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { sessionStore } from '../../app/session/store.ts';
import { useSession } from '../../app/session/useSession.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toastSuccess } from '../../ui/toast.ts';
import { changePassword } from './api.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** First sign-in (trocar_senha = 0): the user must choose a password before anything else. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const email = useSession()?.user.email ?? '';
  const form = useForm({
    initialValues: { senha_atual: '', password: '' },
    validate: {
      senha_atual: (value) => (value ? null : 'Informe a senha atual.'),
      password: (value, values) => newPasswordProblem(values.senha_atual, value),
    },
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    onError: (error) => {
      if (error instanceof ApiError && error.campo === 'senha_atual')
        form.setFieldError('senha_atual', error.message);
    },
    onSuccess: ({ msg, user }) => {
      sessionStore.updateUser(user);
      toastSuccess(msg);
      navigate('/dashboard', { replace: true });
    },
  });

  return (
    <AuthLayout title="Trocar Senha" subtitle="Por segurança, defina uma nova senha para continuar.">
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack>
          {mutation.error && !(mutation.error instanceof ApiError && mutation.error.campo) && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {mutation.error.message}
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
          <SubmitButton pending={mutation.isPending} fullWidth size="md">
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
