import type { ExamResult, Grade } from '@flashcards/contract';
import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PrintSheet } from '../../../components/exam/print-sheet';
import { QueryState } from '../../../components/ui/query-state';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { useExamResults } from '../api/results';
import { filtersSearch } from '../components/results-tools';
import { useExamListParams } from '../components/use-list-params';
import '../test-texts';
import '../../../lib/results-texts';

const grades: Grade[] = [6, 5, 4, 3, 2];

/** How many graded exams got each grade, 6 to 2, and the average score and grade of them. */
export function gradeDistribution(results: readonly ExamResult[]) {
  const graded = results.filter((result) => result.grade !== null && result.score !== null);
  const counts = grades.map((grade) => ({
    grade,
    count: graded.filter((result) => result.grade === grade).length,
  }));
  const average = (values: number[]) =>
    values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    counts,
    graded: graded.length,
    averageScore: average(graded.map((result) => result.score!)),
    averageGrade: average(graded.map((result) => result.grade!)),
  };
}

/**
 * /school-exams/print: the results the exams page's filters select as a sheet to print: the test (or all
 * tests), the selection, the date, each student's score and grade, and the grade distribution.
 */
export function ResultsSheetPage() {
  const { t } = useTranslation(['results', 'exams', 'tests']);
  const { number, decimal, dateTime } = useFormatters();
  const { params } = useExamListParams();
  const filters = { testId: params.testId, status: params.status, search: params.search };
  const results = useExamResults(filters);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to={`${paths.schoolExams}${filtersSearch(filters)}`} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden="true" />
            {t('sheet.back')}
          </Group>
        </Anchor>
        <Button
          leftSection={<IconPrinter size={18} aria-hidden="true" />}
          onClick={() => window.print()}
          disabled={!results.data}
        >
          {t('sheet.print')}
        </Button>
      </Group>
      <QueryState query={results} loading={<Skeleton h={320} radius="md" aria-label={t('sheet.loading')} />}>
        {(data) => {
          const testName =
            filters.testId !== null
              ? (data.results[0]?.test.name ?? t('sheet.allTests'))
              : t('sheet.allTests');
          const selection = [
            filters.status ? t('sheet.status', { status: t(`exams:status.${filters.status}`) }) : null,
            filters.search ? t('sheet.student', { search: filters.search }) : null,
          ].filter((line): line is string => line !== null);
          const distribution = gradeDistribution(data.results);
          return (
            <PrintSheet label={t('sheet.title')}>
              <h1>{t('sheet.title')}</h1>
              <dl>
                <dt>{t('sheet.test')}</dt>
                <dd>{testName}</dd>
                <dt>{t('sheet.filter')}</dt>
                <dd>{selection.length > 0 ? selection.join('; ') : t('sheet.filterAll')}</dd>
                <dt>{t('sheet.date')}</dt>
                <dd>{dateTime(data.generated_at)}</dd>
              </dl>
              {data.results.length === 0 ? (
                <p>{t('sheet.empty')}</p>
              ) : (
                <>
                  <table>
                    <caption>
                      {t('sheet.caption')} (
                      {t('sheet.count', {
                        count: data.results.length,
                        formatted: number(data.results.length),
                      })}
                      )
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col" className="exam-sheet-numeric">
                          {t('sheet.number')}
                        </th>
                        <th scope="col">{t('sheet.name')}</th>
                        {filters.testId === null && <th scope="col">{t('sheet.test')}</th>}
                        <th scope="col" className="exam-sheet-numeric">
                          {t('sheet.score')}
                        </th>
                        <th scope="col">{t('sheet.grade')}</th>
                        <th scope="col">{t('sheet.statusColumn')}</th>
                        <th scope="col">{t('sheet.completedAt')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.results.map((result, index) => (
                        <tr key={result.id}>
                          <td className="exam-sheet-numeric">{number(index + 1)}</td>
                          <th scope="row">{personName(result.student)}</th>
                          {filters.testId === null && <td>{result.test.name}</td>}
                          <td className="exam-sheet-numeric">
                            {result.score === null
                              ? t('sheet.none')
                              : t('sheet.scoreValue', {
                                  score: number(result.score),
                                  total: number(result.total_score),
                                })}
                          </td>
                          <td>
                            {result.grade === null
                              ? t('sheet.none')
                              : t('exams:gradeWithNumber', {
                                  name: t(`exams:grade.${result.grade}`),
                                  grade: result.grade,
                                })}
                          </td>
                          <td>{t(`exams:status.${result.status}`)}</td>
                          <td>{result.completed_at ? dateTime(result.completed_at) : t('sheet.none')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <h2>{t('sheet.distribution')}</h2>
                  <table>
                    <caption>{t('sheet.distributionCaption')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('sheet.grade')}</th>
                        <th scope="col" className="exam-sheet-numeric">
                          {t('sheet.gradeCount')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {distribution.counts.map(({ grade, count }) => (
                        <tr key={grade}>
                          <th scope="row">
                            {t('exams:gradeWithNumber', { name: t(`exams:grade.${grade}`), grade })}
                          </th>
                          <td className="exam-sheet-numeric">{number(count)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {distribution.averageScore !== null && distribution.averageGrade !== null && (
                    <Text component="p" mt="xs">
                      {t('sheet.average', {
                        score: decimal(distribution.averageScore),
                        grade: decimal(distribution.averageGrade),
                      })}
                    </Text>
                  )}
                </>
              )}
            </PrintSheet>
          );
        }}
      </QueryState>
    </Stack>
  );
}
