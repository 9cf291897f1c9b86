import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageMessage } from '../features/info-pages';
import { ReplayHeldClicks } from '../lib/held-clicks';

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
    <>
      <PageMessage title="Something went wrong">Sorry — this page could not be shown. Reloading usually helps.</PageMessage>
      {/* The layout (and its ReplayHeldClicks) is gone: clicks held on a sent page come back here. */}
      <ReplayHeldClicks />
    </>
  );
}
