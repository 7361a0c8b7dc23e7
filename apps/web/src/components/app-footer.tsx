import { Box, Container, Text } from '@mantine/core';
import { t } from '../lib/i18n';

const year = new Date().getFullYear();

/** Footer of every layout: the current year and the product name. */
export function AppFooter() {
  return (
    <Box
      component="footer"
      py="lg"
      mt="auto"
      bg="gray.0"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg">
        <Text size="sm" c="dimmed" ta="center">
          {t('app.footer', { year, name: t('app.name') })}
        </Text>
      </Container>
    </Box>
  );
}
