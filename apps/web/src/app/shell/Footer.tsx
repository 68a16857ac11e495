import { Anchor, Group, Text } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { BRAND } from '../branding.ts';

export function Footer() {
  return (
    <Group component="footer" justify="space-between" px="lg" py="md" gap="xs" c="dimmed">
      <Text size="sm">
        © {new Date().getFullYear()}{' '}
        <Anchor href={BRAND.companyUrl} target="_blank" rel="noopener noreferrer" size="sm">
          {BRAND.company}
        </Anchor>
        . Todos os direitos reservados.
      </Text>
      <Anchor href={`mailto:${BRAND.supportEmail}`} size="sm">
        <Group gap={4} component="span">
          <IconLifebuoy size={16} aria-hidden />
          Precisa de Suporte?
        </Group>
      </Anchor>
    </Group>
  );
}
