import { Anchor } from '@mantine/core';
import { safeHttpUrl } from '@portal/domain';
import type { ReactNode } from 'react';

/**
 * A link to an address someone else wrote (the provider's base, a report cell): drawn only when
 * the domain finds it http(s), so a 'javascript:' value never becomes an `href` (GUIDE §7);
 * otherwise `fallback`.
 */
export function WebLink({
  address,
  children,
  fallback = null,
}: {
  address: string | null | undefined;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const href = safeHttpUrl(address);
  if (!href) return fallback;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      {children}
    </Anchor>
  );
}
