import { type CardInline, parseCardText } from '@flashcards/contract';
import { VisuallyHidden } from '@mantine/core';
import { Fragment, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Formula } from './formula';
import classes from './rich-text.module.css';

/** How cloze deletions show: hidden as the question asks for them, or their answers marked. */
export type ClozeView = 'question' | 'answer';

const WRAPPERS = { strong: 'strong', em: 'em', sub: 'sub', sup: 'sup' } as const;

/** A hidden deletion: `[…]` or `[hint]`, read out as a blank (with its hint). */
function ClozeGap({ hint }: { hint: string }) {
  const { t } = useTranslation();
  return (
    <span className={classes.gap}>
      <span aria-hidden="true">[{hint || '…'}]</span>
      <VisuallyHidden>{hint ? t('richText.gapWithHint', { hint }) : t('richText.gap')}</VisuallyHidden>
    </span>
  );
}

function inline(part: CardInline, cloze: ClozeView): ReactNode {
  if (part.kind === 'text') return part.text;
  if (part.kind === 'math') return <Formula tex={part.tex} display={part.display} />;
  if (part.kind === 'cloze')
    return cloze === 'question' ? (
      <ClozeGap hint={part.hint} />
    ) : (
      <mark className={classes.answer}>{inlines(part.children, cloze)}</mark>
    );
  const Wrapper = WRAPPERS[part.kind];
  return <Wrapper>{inlines(part.children, cloze)}</Wrapper>;
}

// The parts come from the text in its order and never move, so their place is their identity.
const inlines = (parts: CardInline[], cloze: ClozeView) =>
  parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text, never reordered
    <Fragment key={index}>{inline(part, cloze)}</Fragment>
  ));

interface RichTextProps {
  text: string;
  /** Lists centred, in a centred card. */
  centered?: boolean;
  /** Cloze deletions hidden (a card's question) or marked (its answer, and anywhere else). */
  cloze?: ClozeView;
}

/**
 * A card side or a question as its writer formatted it (bold, italic, sub- and superscript, lists,
 * formulas, cloze deletions; see card-text.ts in the contract). Built as elements from the parsed text:
 * nothing the user wrote is ever read as HTML.
 */
export function RichText({ text, centered = false, cloze = 'answer' }: RichTextProps) {
  const blocks = useMemo(() => parseCardText(text), [text]);
  return blocks.map((block, index) => {
    let shown: ReactNode;
    if (block.kind === 'math') shown = <Formula tex={block.tex} display />;
    else if (block.kind === 'lines')
      shown = block.lines.map((line, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, never reordered
        <Fragment key={at}>
          {at > 0 && <br />}
          {inlines(line, cloze)}
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
            <li key={at}>{inlines(item, cloze)}</li>
          ))}
        </List>
      );
    }
    // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text, never reordered
    return <Fragment key={index}>{shown}</Fragment>;
  });
}

/** Marks where a formatted text goes in a translated line. */
const SLOT = '\u0001';

/**
 * A translated line with a formatted text in it ("B. $x^2$"): the line is translated with a mark where the
 * text goes, and the text is shown formatted there.
 */
export function RichTextIn({ line, text }: { line: (slot: string) => string; text: string }) {
  const [before = '', after = ''] = line(SLOT).split(SLOT);
  return (
    <>
      {before}
      <RichText text={text} />
      {after}
    </>
  );
}
