import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page';

type Props = { children: ReactNode };
type State = { error: Error | null };

/** Catches render errors outside the router (the router has its own error element). */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorPage /> : this.props.children;
  }
}
