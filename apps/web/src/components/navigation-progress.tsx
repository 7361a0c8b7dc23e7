import { useContext, useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { UNSAFE_DataRouterContext, useNavigation } from 'react-router';
import { t } from '../lib/i18n';
import classes from './navigation-progress.module.css';

/**
 * The router's navigation state, followed directly. The router hands its own state to React as a
 * transition, which renders the whole app and took 200-250 ms to show the bar after a click on a
 * busy phone-class machine; this update is the click's own, so the bar is drawn first.
 */
function useNavigatingNow(): boolean {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const [navigating, setNavigating] = useState(false);
  useEffect(() => router?.subscribe((state) => setNavigating(state.navigation.state !== 'idle')), [router]);
  return navigating;
}

/**
 * The thin bar at the top of the window while a route change is under way: the page's code is
 * downloading, or a query that has no data yet is loading. It shows at once (no delay: on a slow
 * venue network a click must answer before anything arrives) and is removed, not hidden, when done.
 * Background refreshes of data already on screen do not count.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const navigatingNow = useNavigatingNow();
  const firstLoads = useIsFetching({ predicate: (query) => query.state.data === undefined });
  if (navigation.state === 'idle' && !navigatingNow && firstLoads === 0) return null;
  return (
    <div
      className={classes.bar}
      role="progressbar"
      aria-label={t('app.loading')}
      data-testid="route-progress"
    >
      <div className={classes.indicator} />
    </div>
  );
}
