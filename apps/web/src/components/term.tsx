import type { ReactNode } from 'react';
import { Stack, Text, type MantineSpacing } from '@mantine/core';

type Props = {
  label: string;
  children: ReactNode;
  testId?: string;
  /** Space between the label and the value. */
  gap?: MantineSpacing;
  /** Colour of the label (default: the text's). */
  labelColor?: string;
};

/** One entry of a description list: the `<dt>` label over the `<dd>` value. */
export function Term({ label, children, testId, gap = 0, labelColor }: Props) {
  return (
    <Stack gap={gap}>
      <Text component="dt" size="sm" fw={600} c={labelColor}>
        {label}
      </Text>
      <Text component="dd" m={0} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}
