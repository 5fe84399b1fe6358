import { type CardInline, parseCardText } from '@flashcards/contract';
import { Fragment, type ReactNode, useMemo } from 'react';
import { Formula } from './formula';
import classes from './rich-text.module.css';

const WRAPPERS = { strong: 'strong', em: 'em', sub: 'sub', sup: 'sup' } as const;

function inline(part: CardInline): ReactNode {
  if (part.kind === 'text') return part.text;
  if (part.kind === 'math') return <Formula tex={part.tex} display={part.display} />;
  const Wrapper = WRAPPERS[part.kind];
  return <Wrapper>{inlines(part.children)}</Wrapper>;
}

// The parts come from the text in its order and never move, so their place is their identity.
const inlines = (parts: CardInline[]) =>
  parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text, never reordered
    <Fragment key={index}>{inline(part)}</Fragment>
  ));

/**
 * A card side or a question as its writer formatted it (bold, italic, sub- and superscript, lists,
 * formulas; see card-text.ts in the contract). Built as elements from the parsed text: nothing the
 * user wrote is ever read as HTML. `centered` centres lists in a centred card.
 */
export function RichText({ text, centered = false }: { text: string; centered?: boolean }) {
  const blocks = useMemo(() => parseCardText(text), [text]);
  return blocks.map((block, index) => {
    let shown: ReactNode;
    if (block.kind === 'math') shown = <Formula tex={block.tex} display />;
    else if (block.kind === 'lines')
      shown = block.lines.map((line, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, never reordered
        <Fragment key={at}>
          {at > 0 && <br />}
          {inlines(line)}
        </Fragment>
      ));
    else {
      const List = block.ordered ? 'ol' : 'ul';
      shown = (
        <List
          className={classes.list}
          data-centered={centered}
          start={block.ordered && block.start !== 1 ? block.start : undefined}
        >
          {block.items.map((item, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items of one text, never reordered
            <li key={at}>{inlines(item)}</li>
          ))}
        </List>
      );
    }
    // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text, never reordered
    return <Fragment key={index}>{shown}</Fragment>;
  });
}
