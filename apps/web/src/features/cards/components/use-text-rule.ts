import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { checkText } from '../card-rules';

/** A form rule for a text field: required and at most `max` characters, with its message. */
export function useTextRule() {
  const { t } = useTranslation('cards');
  return useCallback(
    (bounds: { required: boolean; max: number }) => (value: string) => {
      const problem = checkText(value, bounds);
      if (!problem) return null;
      return problem.key === 'required'
        ? t('validation.required')
        : t('validation.tooLong', { max: bounds.max });
    },
    [t],
  );
}
