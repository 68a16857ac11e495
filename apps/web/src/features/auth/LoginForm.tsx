import { Alert, Anchor, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginBody, type LoginBody } from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ComponentProps, type FormEvent, type FunctionComponent } from 'react';
import { sessionStore } from '../../app/session/store.ts';
import { schemaErrors } from '../../ui/formErrors.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { login } from './api.ts';
import { AuthLayout } from './AuthLayout.tsx';

interface Props {
  /** Renders a link to a path of the portal: the router's Link, or a plain link before the app loads. */
  link: FunctionComponent<{ to: string } & ComponentProps<'a'>>;
  /** Opens `path` once signed in, in place of the sign-in page. */
  onSignedIn: (path: string) => void;
  /** The private page the user was on the way to; the dashboard when none. */
  destination?: string;
}

const checkLogin = schemaErrors(loginBody);

/**
 * The sign-in form. It needs neither the router, nor the query cache, nor @mantine/form (two
 * fields checked on submit), so the sign-in page can be shown before the rest of the app is loaded
 * (see main.tsx).
 */
export function LoginForm({ link, onSignedIn, destination = '/dashboard' }: Props) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = async (values: LoginBody) => {
    setPending(true);
    setError(null);
    try {
      const { token, user } = await login(values);
      sessionStore.start(token, user);
      // Stays pending: the page is being left.
      onSignedIn(user.trocar_senha === 0 ? '/troca-senha' : destination);
    } catch (err) {
      setError((err as Error).message);
      setPending(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as LoginBody;
    const found = checkLogin(values);
    setFieldErrors(found);
    if (Object.keys(found).length === 0) void signIn(values);
  };
  // As in the app's other forms, a field's message goes as soon as the field is edited.
  const edited = (field: keyof LoginBody) => () => setFieldErrors(({ [field]: _, ...others }) => others);

  return (
    <AuthLayout title="Bem-vindo!" subtitle="Entre com seu e-mail e senha para acessar o portal.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            placeholder="seu.email@empresa.com.br"
            data-autofocus
            name="email"
            error={fieldErrors.email}
            onChange={edited('email')}
          />
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            placeholder="Sua senha"
            name="password"
            error={fieldErrors.password}
            onChange={edited('password')}
          />
          <Anchor component={link} to="/recuperar-senha" size="sm" ta="right">
            Esqueceu sua senha?
          </Anchor>
          <SubmitButton pending={pending} fullWidth size="md">
            Entrar
          </SubmitButton>
        </Stack>
      </form>
    </AuthLayout>
  );
}
