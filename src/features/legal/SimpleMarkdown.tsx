import type { ReactNode } from 'react';

/**
 * Renders the small subset of Markdown our own documents use (headings, bullet lists, paragraphs, `code`).
 * The texts come from this repository or the operator's config, never from users, so no HTML is allowed.
 */
export function SimpleMarkdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (list.length)
      blocks.push(
        <ul key={blocks.length} className="ml-5 list-disc space-y-1">
          {list.map((item, i) => (
            <li key={i}>{inline(item)}</li>
          ))}
        </ul>,
      );
    if (paragraph.length) blocks.push(<p key={blocks.length}>{inline(paragraph.join(' '))}</p>);
    list = [];
    paragraph = [];
  };
  let current: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      const content = inline(heading[2]!);
      blocks.push(
        level === 1 ? (
          <h1 key={blocks.length} className="text-xl font-semibold">
            {content}
          </h1>
        ) : level === 2 ? (
          <h2 key={blocks.length} className="mt-4 text-lg font-semibold">
            {content}
          </h2>
        ) : (
          <h3 key={blocks.length} className="mt-3 font-semibold">
            {content}
          </h3>
        ),
      );
    } else if (/^[-*]\s+/.test(line)) {
      if (paragraph.length) flush();
      current = line.replace(/^[-*]\s+/, '');
      list.push(current);
    } else if (/^\s+\S/.test(line) && list.length) {
      list[list.length - 1] += ` ${line.trim()}`;
    } else if (line.trim() === '') {
      flush();
    } else {
      if (list.length) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return <div className="max-w-prose space-y-2">{blocks}</div>;
}

function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`)/).map((part, i) =>
    part.startsWith('`') && part.endsWith('`') ? (
      <code key={i} className="rounded bg-slate-100 px-1 dark:bg-slate-800">
        {part.slice(1, -1)}
      </code>
    ) : (
      part
    ),
  );
}
