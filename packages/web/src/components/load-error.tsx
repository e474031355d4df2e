import { Button } from './button';

/** A list that could not load: the message, announced, and a way to try again. */
export function LoadError({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-6 text-red-800">
      <p>{message}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>{retryLabel}</Button>
    </div>
  );
}
