import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lostPasswordBody } from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { schemaErrors } from '../../ui/formErrors.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toastSuccess } from '../../ui/toast.ts';
import { lostPassword } from './passwordApi.ts';
import { AuthLayout } from './AuthLayout.tsx';

const RECOVER_TOAST_MS = 10_000;

export function LostPasswordPage() {
  const form = useForm({ initialValues: { email: '' }, validate: schemaErrors(lostPasswordBody) });
  const mutation = useMutation({
    mutationFn: lostPassword,
    onSuccess: ({ msg }) => {
      toastSuccess(msg, RECOVER_TOAST_MS);
      form.reset();
    },
  });

  return (
    <AuthLayout
      title="Recuperar Senha"
      subtitle="Informe seu e-mail e enviaremos um link para você criar uma nova senha."
    >
      <form onSubmit={form.onSubmit(({ email }) => mutation.mutate(email))} noValidate>
        <Stack>
          {mutation.error && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {mutation.error.message}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            placeholder="seu.email@empresa.com.br"
            data-autofocus
            {...form.getInputProps('email')}
          />
          <SubmitButton pending={mutation.isPending} fullWidth size="md">
            Enviar
          </SubmitButton>
          <Text size="sm" ta="center">
            Lembrou a senha?{' '}
            <Anchor component={Link} to="/login">
              Voltar para o login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
