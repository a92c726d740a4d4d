import changelog from '../../../CHANGELOG.md?raw';
import { SimpleMarkdown } from './SimpleMarkdown';

/** changelog (§2): the CHANGELOG kept in the repository, built into the app so it shows offline too. */
export function Changelog() {
  return (
    <article>
      <SimpleMarkdown text={changelog} />
    </article>
  );
}
