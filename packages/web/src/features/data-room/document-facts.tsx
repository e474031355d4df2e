import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { sizeText } from './size-text';

export interface ListedDocument {
  id: string;
  title: string;
  pages: number | null;
  size: number | null;
}

/** 'Årsregnskap 2025 · 12 sider · 1,2 MB' */
export function DocumentFacts({ document }: { document: ListedDocument }) {
  return (
    <span className="text-sm text-slate-600">
      {[document.pages !== null ? texts.pages(document.pages) : null, sizeText(document.size)].filter(Boolean).join(' · ')}
    </span>
  );
}
