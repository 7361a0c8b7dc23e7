import type { ReactNode } from 'react';
import { Anchor, Center, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { paths } from '../../../config/paths';
import { t } from '../../../lib/i18n';

/** The centred card both sign-in pages share, with the 'Back to Home' link and the language picker. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Center component="main" bg="gray.0" py="xl" px="md" style={{ flex: 1 }}>
      <Container size={440} w="100%" p={0}>
        <Paper withBorder shadow="sm" radius="lg" p="xl">
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <BrandMark size={40} />
              <Title order={1} fz={26}>
                {title}
              </Title>
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            </Stack>
            {children}
          </Stack>
        </Paper>
        <Group justify="space-between" mt="md">
          <Anchor component={Link} to={paths.home()} size="sm" c="blue.9">
            {t('login.backHome')}
          </Anchor>
          <LanguageSwitcher />
        </Group>
      </Container>
    </Center>
  );
}
