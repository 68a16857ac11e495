import { Alert, Anchor, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORDS_DIFFER, passwordProblem } from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toastSuccess } from '../../ui/toast.ts';
import { resetPassword } from './passwordApi.ts';
import { AuthLayout } from './AuthLayout.tsx';

const RESET_TOAST_MS = 9_000;

/** Opened from the recovery e-mail: the hash in the link identifies the single-use reset. */
export function ResetPasswordPage() {
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: {
      password: (value) => passwordProblem(value),
      repeat: (value, values) => (value === values.password ? null : PASSWORDS_DIFFER),
    },
  });
  const mutation = useMutation({
    mutationFn: (password: string) => resetPassword(hash, password),
    onSuccess: ({ msg }) => {
      toastSuccess(msg, RESET_TOAST_MS);
      navigate('/login', { replace: true });
    },
  });

  return (
    <AuthLayout title="Nova Senha" subtitle="Escolha uma nova senha para acessar o portal.">
      <form onSubmit={form.onSubmit(({ password }) => mutation.mutate(password))} noValidate>
        <Stack>
          {mutation.error && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {mutation.error.message}
            </Alert>
          )}
          <PasswordInput
            label="Nova senha"
            autoComplete="new-password"
            data-autofocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Repita a nova senha"
            autoComplete="new-password"
            {...form.getInputProps('repeat')}
          />
          <SubmitButton pending={mutation.isPending} fullWidth size="md">
            Alterar Senha
          </SubmitButton>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Voltar para o login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
