import { Group, Text, UnstyledButton, type MantineBreakpoint } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../lib/i18n';

/** The product mark: a check in a rounded square. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-blue-8)" />
      <path
        d="M9 16.5l4.5 4.5L23 11.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Product name linking to `to`. `nameFrom`: below this width only the mark shows (the link keeps the
 * name as its label), leaving the room of a small phone's header to the controls beside it.
 */
export function Brand({
  to,
  light = false,
  nameFrom,
}: {
  to: string;
  light?: boolean;
  nameFrom?: MantineBreakpoint;
}) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={t('app.name')}>
      <Group gap={8} wrap="nowrap">
        <BrandMark />
        <Text fw={800} fz="xl" c={light ? 'white' : 'dark.8'} aria-hidden visibleFrom={nameFrom}>
          {t('app.name')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
