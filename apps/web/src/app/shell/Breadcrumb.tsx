import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Crumb } from './crumbs.ts';

export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Você está em">
      <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6} mb="lg">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          if (last || !crumb.to) {
            return (
              <Text
                key={crumb.label}
                size="sm"
                c={last ? undefined : 'dimmed'}
                fw={last ? 600 : 400}
                aria-current={last ? 'page' : undefined}
              >
                {crumb.label}
              </Text>
            );
          }
          return (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
