import { Button, Container, Group } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Brand } from '../../../components/brand';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { paths } from '../../../config/paths';
import { t } from '../../../lib/i18n';
import classes from './landing.module.css';

export function LandingHeader() {
  const navigate = useNavigate();
  return (
    <header className={classes.landingHeader}>
      <Container size="lg" w="100%">
        <Group justify="space-between" wrap="nowrap">
          <Brand to={paths.home()} nameFrom="xs" />
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitcher />
            <Button onClick={() => void navigate(paths.login())}>{t('nav.login')}</Button>
          </Group>
        </Group>
      </Container>
    </header>
  );
}
