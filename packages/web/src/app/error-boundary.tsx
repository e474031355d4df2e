import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorPageTexts as texts } from '@bedriftstorget/core/texts/monitoring';
import { buttonClass } from '../components/button';
import { reportError } from './error-reporting';
import { reloadForNewBuild } from './stale-build';

interface State {
  failed: boolean;
  reloading: boolean;
}

/**
 * Around the whole app: a page that throws while rendering shows a way out instead of a blank
 * page, and is reported (docs/decisions/073). A chunk of an older build that could not be loaded
 * reloads the page into the current one instead (docs/decisions/074).
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, reloading: false };

  // Decided here, before the fallback renders, so a reload never flashes the error text first
  // (reloadForNewBuild is idempotent: a second call during the same reload only says so).
  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, reloading: reloadForNewBuild(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!this.state.reloading) reportError('react', error, info.componentStack ?? undefined);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.state.reloading) return null;
    return (
      <main id="innhold" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        <div role="alert" className="flex flex-col items-center gap-4">
          <h1 className="text-2xl font-bold text-slate-900">{texts.title}</h1>
          <p className="text-slate-600">{texts.text}</p>
        </div>
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>{texts.reload}</button>
      </main>
    );
  }
}
