import { useIsFetching } from '@tanstack/react-query';
import { useNavigation } from 'react-router';
import { t } from '../lib/i18n';
import classes from './navigation-progress.module.css';

/**
 * The thin bar at the top of the window while a route change is under way: the page's code is
 * downloading, or a query that has no data yet is loading. It shows at once (no delay: on a slow
 * venue network a click must answer before anything arrives) and is removed, not hidden, when done.
 * Background refreshes of data already on screen do not count.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const firstLoads = useIsFetching({ predicate: (query) => query.state.data === undefined });
  if (navigation.state === 'idle' && firstLoads === 0) return null;
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
