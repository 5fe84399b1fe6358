import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import type { SchemaForm } from '../../lib/use-schema-form';
import { aiDraft } from './ai-draft';
import { useCreateAiCards } from './api/create-ai-cards';
import { cardsProblem, type GeneratedCard, toFlashcards } from './generated-cards';

export type SaveValues = { name: string };

/** What /ai-cards is told of a category just saved, in the history entry's state. */
export type SavedState = { saved: unknown };

/**
 * Saving the draft's cards under the form's name, from /ai-cards or its preview: sent only when every
 * card has both sides, then the list is cleared and the user is on /ai-cards, told what was saved (spec).
 */
export function useSaveDraft(form: SchemaForm<SaveValues>) {
  const { t } = useTranslation('ai');
  const create = useCreateAiCards();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [general, setGeneral] = useState<string | null>(null);

  const save = (cards: readonly GeneratedCard[]) =>
    form.submit(({ name }) => {
      setGeneral(null);
      const problem = cardsProblem(cards);
      if (problem) {
        setGeneral(t(`save.${problem}`));
        return;
      }
      create.mutate(
        { category_name: name.trim(), flashcards: toFlashcards(cards) },
        {
          onSuccess: (category) => {
            navigate(paths.aiCards, {
              replace: pathname === paths.aiCards,
              state: { saved: category } satisfies SavedState,
            });
            aiDraft.saved();
          },
          onError: (error) => {
            const message = form.showServerErrors(error, { category_name: 'name' });
            // Spec: a network error gets the app's own words about the category not being created.
            setGeneral(error instanceof ApiError && error.status === 0 ? t('save.offline') : message);
          },
        },
      );
    });

  return { save, saving: create.isPending, general };
}
