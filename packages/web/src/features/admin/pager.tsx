import { adminCommon } from '@bedriftstorget/core/texts/admin';
import { Button } from '../../components/button';

export function Pager({ info, hasPrevious, nextCursor, onPrevious, onNext }: {
  info: string;
  hasPrevious: boolean;
  nextCursor: string | null | undefined;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}) {
  if (!hasPrevious && !nextCursor) return <p className="mt-3 text-sm text-slate-600">{info}</p>;
  return (
    <nav aria-label={info} className="mt-3 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{info}</p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={!hasPrevious} onClick={onPrevious}>{adminCommon.previousPage}</Button>
        <Button variant="secondary" disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>{adminCommon.nextPage}</Button>
      </div>
    </nav>
  );
}
