import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * A formula as KaTeX's HTML (with MathML for screen readers). Untrusted LaTeX: `trust: false` refuses
 * `\href`, `\url`, `\includegraphics` and `\html…`, and the size and macro limits bound the work a
 * formula can ask for. A formula KaTeX cannot read shows its source in red instead of failing.
 */
export const renderFormula = (tex: string, display: boolean): string =>
  katex.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    maxSize: 10,
    maxExpand: 200,
    output: 'htmlAndMathml',
  });
