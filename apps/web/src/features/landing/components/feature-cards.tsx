import type { ReactNode } from 'react';
import { Card, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { t, type TranslationKey } from '../../../lib/i18n';
import classes from './landing.module.css';

function Icon({ children }: { children: ReactNode }) {
  return (
    <span className={classes.featureIcon}>
      <svg
        width="26"
        height="26"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {children}
      </svg>
    </span>
  );
}

const features: { title: TranslationKey; text: TranslationKey; icon: ReactNode }[] = [
  {
    title: 'landing.feature.create.title',
    text: 'landing.feature.create.text',
    icon: (
      <Icon>
        <rect x="3" y="4" width="18" height="17" rx="2" />
        <path d="M16 2v4M8 2v4M3 10h18M12 14v4M10 16h4" />
      </Icon>
    ),
  },
  {
    title: 'landing.feature.manage.title',
    text: 'landing.feature.manage.text',
    icon: (
      <Icon>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5M16 4.5a3.5 3.5 0 010 7M18.5 14.8c1.6.9 2.6 2.6 3 5.2" />
      </Icon>
    ),
  },
  {
    title: 'landing.feature.checkin.title',
    text: 'landing.feature.checkin.text',
    icon: (
      <Icon>
        <rect x="3" y="3" width="7" height="7" rx="1" />
        <rect x="14" y="3" width="7" height="7" rx="1" />
        <rect x="3" y="14" width="7" height="7" rx="1" />
        <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
      </Icon>
    ),
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features-title">
      <Container size="lg" pb={72}>
        <Title order={2} id="features-title" ta="center" mb="xl">
          {t('landing.featuresTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {features.map((f) => (
            <Card key={f.title} withBorder radius="lg" padding="xl" shadow="xs">
              {f.icon}
              <Title order={3} fz="h4" mt="md" mb="xs">
                {t(f.title)}
              </Title>
              <Text c="dimmed">{t(f.text)}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
