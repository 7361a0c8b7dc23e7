import { Container, Flex, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { t, type TranslationKey } from '../../../lib/i18n';
import { useRotatingIndex } from '../hooks/use-rotating-index';
import classes from './landing.module.css';

const steps: { title: TranslationKey; text: TranslationKey }[] = [
  { title: 'landing.step.register', text: 'landing.step.registerText' },
  { title: 'landing.step.check', text: 'landing.step.checkText' },
  { title: 'landing.step.go', text: 'landing.step.goText' },
];

/** Register / Check / Go!, one of them highlighted in turn every 3 s. */
export function StepsStrip() {
  const active = useRotatingIndex(steps.length);
  return (
    <section aria-labelledby="steps-title">
      <Container size="lg" py={56}>
        <VisuallyHidden>
          <Title order={2} id="steps-title">
            {t('landing.stepsLabel')}
          </Title>
        </VisuallyHidden>
        <Flex component="ol" gap="md" wrap="wrap" p={0} m={0} style={{ listStyle: 'none' }}>
          {steps.map((step, i) => (
            <li key={step.title} className={classes.step} data-active={i === active} data-testid="step">
              <Group gap="sm" mb="xs" wrap="nowrap">
                <span className={classes.stepNumber} aria-hidden>
                  {i + 1}
                </span>
                <Text component="span" fw={800} fz={24}>
                  {t(step.title)}
                </Text>
              </Group>
              <Text c="dimmed">{t(step.text)}</Text>
            </li>
          ))}
        </Flex>
      </Container>
    </section>
  );
}
