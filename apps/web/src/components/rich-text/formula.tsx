import { useEffect, useState } from 'react';
import classes from './rich-text.module.css';

type Render = typeof import('./formula-render').renderFormula;
let loading: Promise<Render> | undefined;
/** KaTeX (about 80 kB) is fetched the first time a formula is shown, never on pages without one. */
const loadRenderer = () => {
  loading ??= import('./formula-render').then((module) => module.renderFormula);
  return loading;
};

/** A LaTeX formula: its source until the renderer has loaded, then the formula. */
export function Formula({ tex, display }: { tex: string; display: boolean }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    loadRenderer().then(
      (render) => current && setHtml(render(tex, display)),
      // Offline or a failed chunk: the source stays, which is still readable.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [tex, display]);
  if (html === null)
    return (
      <span className={classes.source} data-display={display} data-formula="loading">
        {tex}
      </span>
    );
  return (
    <span
      className={classes.formula}
      data-display={display}
      data-formula=""
      // KaTeX's output from untrusted input is safe to insert: it escapes all text and, with trust off,
      // writes no links, pictures or event handlers (rich-text.test.tsx tries the known payloads).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's escaped output, see above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
