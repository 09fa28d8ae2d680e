import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { AlertIcon } from '../../components/ui/icons.tsx';
import { useT } from '../../i18n/index.ts';

/** Shown when rendering a route throws (or its code fails to load): no stack traces, a way out. */
export function RouteError() {
  const t = useT();
  return (
    <div className="px-4 py-16">
      <EmptyState
        icon={<AlertIcon className="size-6" />}
        title={t('app.routeError.title')}
        text={t('app.routeError.text')}
        action={<Button onClick={() => window.location.reload()}>{t('app.routeError.reload')}</Button>}
      />
    </div>
  );
}

interface BoundaryProps {
  /** A new value (a new navigation) clears the error, so a link away from a broken screen works. */
  resetKey: string;
  children: ReactNode;
}
interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

// React catches render errors only in a class component's lifecycle methods (and logs them itself).
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * The error boundary of a part of the route table (the root, and each layout's content region: the
 * router's `region`): a screen that throws shows RouteError in its place until the next navigation.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary resetKey={key}>{children}</ErrorBoundary>;
}
