import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { t } from '../../../lib/i18n';
import classes from './landing.module.css';

function ArrowDown() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 5v14M5 12l7 7 7-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Hero({ onStart }: { onStart: () => void }) {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={80}>
        <Stack gap="lg" align="flex-start">
          <Title id="hero-title" order={1} className={classes.heroTitle}>
            {t('app.tagline')}
          </Title>
          <Text size="lg" className={classes.heroText}>
            {t('landing.heroText')}
          </Text>
          <Button onClick={onStart} size="lg" color="white" c="blue.9" variant="filled">
            {t('landing.getStarted')}
          </Button>
        </Stack>
      </Container>
      <button
        type="button"
        className={classes.scrollHint}
        onClick={() => window.scrollBy({ top: window.innerHeight, behavior: 'smooth' })}
      >
        <span>{t('landing.scrollHint')}</span>
        <ArrowDown />
      </button>
    </section>
  );
}
