import { cardPlainText } from '@flashcards/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import payloadList from '../../../../../packages/contract/fixtures/xss-payloads.txt?raw';
import { RichText, RichTextIn } from './rich-text';

const payloads = payloadList.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));

/** Elements that could run script, load something or send a form. */
const DANGEROUS = new Set([
  'script',
  'iframe',
  'img',
  'image',
  'a',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'link',
  'meta',
  'style',
  'base',
  'video',
  'audio',
  'source',
  'foreignobject',
  'use',
  'animate',
  'set',
  'template',
  'details',
  'body',
  'noscript',
  'svg:a',
  'title',
  'iframe',
  'frame',
  'marquee',
  'mglyph',
  'maction',
]);

/** Every problem found in a rendered tree: dangerous elements, handlers, addresses, inline styles with url(). */
const problems = (root: Element) => {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const name = element.localName.toLowerCase();
    if (DANGEROUS.has(name)) found.push(`<${name}>`);
    for (const attribute of element.attributes) {
      const attributeName = attribute.name.toLowerCase();
      const value = attribute.value.toLowerCase();
      if (attributeName.startsWith('on')) found.push(`${name}[${attributeName}]`);
      if (['href', 'src', 'xlink:href', 'action', 'formaction', 'background', 'data'].includes(attributeName))
        found.push(`${name}[${attributeName}]`);
      if (/javascript:|url\(|expression\(/.test(value)) found.push(`${name}[${attributeName}=${value}]`);
    }
  }
  return found;
};

describe('rich text', () => {
  it('shows formatting, lists and line breaks as elements', () => {
    const { container } = render(
      <RichText text={'**Water** is H~2~O, *not* x^2^\n- one\n- two\nend\n3. three'} />,
    );
    expect(container.querySelector('strong')).toHaveTextContent('Water');
    expect(container.querySelector('em')).toHaveTextContent('not');
    expect(container.querySelector('sub')).toHaveTextContent('2');
    expect(container.querySelector('sup')).toHaveTextContent('2');
    expect([...container.querySelectorAll('ul > li')].map((item) => item.textContent)).toEqual([
      'one',
      'two',
    ]);
    expect(container.querySelector('ol')).toHaveAttribute('start', '3');
    expect(container.querySelectorAll('br')).toHaveLength(0);
    expect(container).toHaveTextContent('end');
  });

  it('renders a formula with KaTeX, with MathML for screen readers', async () => {
    const { container } = render(<RichText text="Area: $\pi r^2$" />);
    // The LaTeX shows while the renderer loads.
    expect(screen.getByText('\\pi r^2')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(container.querySelector('math annotation')).toHaveTextContent('\\pi r^2');
    expect(container.querySelector('[data-formula="loading"]')).toBeNull();
  });

  it('puts a formatted text into a translated line where the line has it', () => {
    const { container } = render(
      <RichTextIn line={(text) => `Answer B: ${text} (2 points)`} text="**H~2~O**" />,
    );
    expect(container).toHaveTextContent('Answer B: H2O (2 points)');
    expect(container.querySelector('strong sub')).toHaveTextContent('2');
  });

  it('shows a formula KaTeX cannot read as its source, not an error', async () => {
    const { container } = render(<RichText text="$\frac{1}{$" />);
    await waitFor(() => expect(container.querySelector('[data-formula="loading"]')).toBeNull());
    expect(container).toHaveTextContent('\\frac{1}{');
  });

  it.each(payloads)('never turns %j into markup that runs or loads anything', async (payload) => {
    const { container } = render(<RichText text={payload} />);
    await waitFor(() => expect(container.querySelector('[data-formula="loading"]')).toBeNull());
    expect(problems(container)).toEqual([]);
    // Outside formulas, the payload's characters show as the text they are.
    if (!payload.includes('$') && !/^(-|\d+\.) /.test(payload))
      expect(container.textContent).toBe(cardPlainText(payload).replace(/\n/g, ''));
  });

  it('finds what an unsafe renderer would let through (the check itself works)', () => {
    const unsafe = document.createElement('div');
    unsafe.innerHTML = payloads.filter((payload) => !payload.includes('$')).join('<br>');
    expect(problems(unsafe).length).toBeGreaterThan(20);
  });
});
