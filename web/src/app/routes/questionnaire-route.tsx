import { useBrand } from '../../features/brand/api/brand.ts';
import { QuestionnairePage } from '../../features/questionnaire/components/questionnaire-page.tsx';

/**
 * /app/questionnaire: the questionnaire page with the brand's questionnaire address (two features,
 * composed here).
 */
export function QuestionnaireRoute() {
  const brand = useBrand();
  return <QuestionnairePage url={brand ? (brand.customFields.questionnaireUrl ?? null) : undefined} />;
}
