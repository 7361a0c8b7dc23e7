import type { ReactNode } from 'react';
import { Button, Tooltip, type ButtonProps } from '@mantine/core';

/**
 * A button that cannot be used yet but still explains why: a disabled element receives no pointer
 * events, so it is marked with data-disabled and aria-disabled instead, and its tooltip still shows.
 */
export function DisabledWithTooltip({
  label,
  children,
  ...props
}: ButtonProps & { label: string; children: ReactNode }) {
  return (
    <Tooltip label={label} withArrow multiline maw={260}>
      <Button {...props} data-disabled aria-disabled="true" onClick={(e) => e.preventDefault()}>
        {children}
      </Button>
    </Tooltip>
  );
}
