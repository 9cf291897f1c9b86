import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Card } from '../components/card';
import styles from '../features/info-pages/not-found-page.module.css';
import { WayBack } from '../features/info-pages/way-back';

interface RouteErrorBoundaryState {
  failed: boolean;
}

interface RouteErrorBoundaryProps {
  /** The boundary clears its error when this changes (the path: navigating away recovers). */
  resetKey: string;
  children: ReactNode;
}

/** Root error boundary: a failed chunk load or a render error, never a stack trace. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): RouteErrorBoundaryState {
    return { failed: true };
  }

  componentDidUpdate(previous: RouteErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

export function RouteError() {
  return (
    <div className="container">
      <Card padding="lg" className={styles.card}>
        <h1 className={styles.title}>Something went wrong</h1>
        <p className={styles.text}>Sorry — this page could not be shown. Reloading usually helps.</p>
        <WayBack />
      </Card>
    </div>
  );
}
