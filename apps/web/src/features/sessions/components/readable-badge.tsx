import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A status badge that always reads in full: Mantine's badge cuts its label with an ellipsis when
 * space runs short, which on a 390 px phone turned 'Registered' into 'REGIST…'. This one neither
 * shrinks nor clips; the text beside it wraps instead.
 */
export function ReadableBadge({ children, ...props }: BadgeProps & { children: ReactNode }) {
  return (
    <Badge
      {...props}
      styles={{
        root: { flexShrink: 0, overflow: 'visible', maxWidth: 'none' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {children}
    </Badge>
  );
}
