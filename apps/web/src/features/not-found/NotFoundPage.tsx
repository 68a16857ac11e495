import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Unknown paths, and menu entries whose screens are not built yet. */
export function NotFoundPage() {
  return (
    <Center py={80}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
          <IconTools size={38} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={28}>
          Em desenvolvimento!
        </Title>
        <Text c="dimmed">Não encontramos o que você procurava!</Text>
        <Button component={Link} to="/dashboard" leftSection={<IconArrowLeft size={18} />} mt="sm">
          Voltar para o início
        </Button>
      </Stack>
    </Center>
  );
}
