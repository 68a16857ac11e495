import { Card, List, Stack, Text, Title } from '@mantine/core';
import type { GuideAudience } from '@portal/domain';
import { MANUALS } from './content.ts';
import { MANUAL_TEXT } from './manuals.ts';

/** One audience's manual, read on the page (no download needed). */
export function ManualPage({ audience }: { audience: GuideAudience }) {
  const { title } = MANUALS[audience];
  const manual = MANUAL_TEXT[audience];
  return (
    <Card withBorder radius="md" p="xl" component="article" maw={900}>
      <Stack gap="lg">
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text>{manual.intro}</Text>
        {manual.sections.map((section) => (
          <Stack key={section.title} gap="xs" component="section" aria-label={section.title}>
            <Title order={2} fz={19}>
              {section.title}
            </Title>
            {section.paragraphs?.map((p) => (
              <Text key={p}>{p}</Text>
            ))}
            {section.steps && (
              <List type="ordered" spacing="xs">
                {section.steps.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
