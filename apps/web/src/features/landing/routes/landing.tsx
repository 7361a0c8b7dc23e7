import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AppFooter } from '../../../components/app-footer';
import { paths } from '../../../config/paths';
import { isParticipant, isStaff, whenSessionSettled, type SessionState } from '../../../lib/auth-session';
import { t } from '../../../lib/i18n';
import { FeatureCards } from '../components/feature-cards';
import { Hero } from '../components/hero';
import { ImpactCounters } from '../components/impact-counters';
import { LandingHeader } from '../components/landing-header';
import { StepsStrip } from '../components/steps-strip';
import classes from '../components/landing.module.css';
import { usePageTitle } from '../../../lib/use-page-title';

/** Where 'Get Started' leads: sign-in for visitors, the participant's event, or the staff dashboard. */
function startTarget({ status, user }: SessionState): string {
  if (status !== 'authenticated') return paths.login();
  if (isStaff(user)) return paths.staff.dashboard();
  if (isParticipant(user)) return paths.participant.event(user.event.id);
  return paths.participant.dashboard();
}

export function LandingPage() {
  usePageTitle(`${t('app.name')} | ${t('app.tagline')}`);
  const navigate = useNavigate();
  // A click during the start-up session restore waits for it, so a signed-in user is not sent to /login.
  const start = () => void whenSessionSettled().then((session) => navigate(startTarget(session)));
  return (
    <>
      <LandingHeader />
      <main>
        <Hero onStart={start} />
        <StepsStrip />
        <FeatureCards />
        <ImpactCounters />
        <section className={classes.cta} aria-labelledby="cta-title">
          <Container size="md" py={72}>
            <Stack align="center" ta="center" gap="md">
              <Title order={2} id="cta-title" c="white">
                {t('landing.ctaTitle')}
              </Title>
              <Text c="#e7f1fb">{t('landing.ctaText')}</Text>
              <Button onClick={start} size="lg" color="white" c="blue.9">
                {t('landing.getStartedNow')}
              </Button>
            </Stack>
          </Container>
        </section>
      </main>
      <AppFooter />
    </>
  );
}

export default LandingPage;
