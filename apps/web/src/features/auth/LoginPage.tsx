import { Alert, Anchor, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginBody, type LoginBody } from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { sessionStore } from '../../app/session/store.ts';
import { schemaErrors } from '../../ui/formErrors.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { login } from './api.ts';
import { AuthLayout } from './AuthLayout.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  const form = useForm<LoginBody>({
    initialValues: { email: '', password: '' },
    validate: schemaErrors(loginBody),
  });
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => {
      sessionStore.start(token, user);
      navigate(user.trocar_senha === 0 ? '/troca-senha' : '/dashboard', { replace: true });
    },
  });

  return (
    <AuthLayout title="Bem-vindo!" subtitle="Entre com seu e-mail e senha para acessar o portal.">
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack>
          {mutation.error && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {mutation.error.message}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            placeholder="seu.email@empresa.com.br"
            data-autofocus
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            placeholder="Sua senha"
            {...form.getInputProps('password')}
          />
          <Anchor component={Link} to="/recuperar-senha" size="sm" ta="right">
            Esqueceu sua senha?
          </Anchor>
          <SubmitButton pending={mutation.isPending} fullWidth size="md">
            Entrar
          </SubmitButton>
        </Stack>
      </form>
    </AuthLayout>
  );
}
