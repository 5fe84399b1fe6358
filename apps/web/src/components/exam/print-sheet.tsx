import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './exam-print.css';

/**
 * A sheet of the school's work (results sheets, test papers, gradebooks) shown in the page and, for
 * printing, a copy of it as a child of body that only print shows (`exam-print.css`): the app around the
 * page is left off the paper. The copy is hidden on screen and from assistive technology.
 */
export function PrintSheet({
  children,
  label,
  className = '',
}: {
  children: ReactNode;
  label: string;
  /** Classes of both copies, for a sheet's own layout (a gradebook's landscape page). */
  className?: string;
}) {
  return (
    <>
      <Paper
        withBorder
        radius="md"
        p="lg"
        className={`exam-sheet ${className}`.trim()}
        component="article"
        aria-label={label}
      >
        {children}
      </Paper>
      {createPortal(
        <div className={`exam-print exam-sheet ${className}`.trim()} aria-hidden="true">
          {children}
        </div>,
        document.body,
      )}
    </>
  );
}
